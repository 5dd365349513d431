// Terminal text: the display width of a character (wcwidth), which Swift's Glibc module
// does not import.
#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include "appex_system.h"

#include <locale.h>
#include <wchar.h>

int appex_display_width(uint32_t scalar) {
    static int ready = 0;
    if (!ready) {
        // A UTF-8 character-type locale, so CJK characters count two columns.
        newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
        setlocale(LC_CTYPE, "C.UTF-8");
        ready = 1;
    }
    int width = wcwidth((wchar_t)scalar);
    return width < 0 ? 1 : width;
}

#include <string.h>

long appex_find_bytes(const uint8_t *haystack, size_t length, const uint8_t *needle, size_t needle_length) {
    const void *hit = memmem(haystack, length, needle, needle_length);
    return hit ? (long)((const uint8_t *)hit - haystack) : -1;
}
