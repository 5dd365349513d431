// Names of error numbers and signals, from glibc's GNU extensions.
#define _GNU_SOURCE
#include "appex_system.h"

#include <signal.h>
#include <string.h>

const char *appex_errno_name(int errnum) {
    return strerrorname_np(errnum);
}

const char *appex_signal_abbreviation(int signum) {
    return sigabbrev_np(signum);
}
