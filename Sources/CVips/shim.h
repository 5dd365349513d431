// libvips (Debian: libvips-dev) for the web share sheet's thumbnails. Its calls take
// optional arguments as C varargs, which Swift cannot call: these inline wrappers can.
#include <vips/vips.h>

/// Starts libvips once per process; 0 on success.
static inline int appex_vips_start(void) {
    return VIPS_INIT("appex");
}

/// A PNG thumbnail of the image file at `path`, at most `size` pixels on its longer side
/// (shrink-on-load, so a large JPEG is not decoded whole); 0 on success, with `*buffer`
/// (free with g_free) and `*length` set.
static inline int appex_vips_thumbnail_png(const char *path, int size, void **buffer, size_t *length) {
    VipsImage *image = NULL;
    if (vips_thumbnail(path, &image, size, "height", size, "size", VIPS_SIZE_DOWN, NULL) != 0) {
        vips_error_clear();
        return -1;
    }
    int status = vips_pngsave_buffer(image, buffer, length, "strip", TRUE, NULL);
    g_object_unref(image);
    if (status != 0) vips_error_clear();
    return status;
}
