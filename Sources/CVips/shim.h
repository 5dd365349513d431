// libvips (Debian: libvips-dev): the web sheet's thumbnails, the photo library's
// display-size images and checks, the example sepia editor. Its calls take optional
// arguments as C varargs, which Swift cannot call: these inline wrappers can.
#include <vips/vips.h>

/// Starts libvips once per process; 0 on success. Its operation cache is off: Appex
/// reads files through /proc/self/fd/N names, which are reused for other files.
static inline int appex_vips_start(void) {
    if (VIPS_INIT("appex") != 0) return -1;
    vips_cache_set_max(0);
    return 0;
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

/// A JPEG of the image file at `path`, at most `size` pixels on its longer side, turned
/// upright, written to `output`; 0 on success.
static inline int appex_vips_thumbnail_jpeg(const char *path, int size, const char *output) {
    VipsImage *image = NULL;
    if (vips_thumbnail(path, &image, size, "height", size, "size", VIPS_SIZE_DOWN, NULL) != 0) {
        vips_error_clear();
        return -1;
    }
    int status = vips_jpegsave(image, output, "Q", 85, "strip", TRUE, NULL);
    g_object_unref(image);
    if (status != 0) vips_error_clear();
    return status;
}

/// Reads the whole image file at `path` (every pixel, failing on the first damaged one)
/// after checking from its header that it has at most `max_pixels` pixels; 0 when it is
/// whole, -2 when it is too large, -1 when it cannot be read. Sets its size, EXIF
/// orientation (1 when none), its number of pages or frames, and the loader's name (such as "jpegload"; not to be freed).
static inline int appex_vips_inspect(const char *path, long long max_pixels, int *width, int *height,
                                     int *orientation, int *pages, const char **loader) {
    *loader = vips_foreign_find_load(path);
    if (*loader == NULL) { vips_error_clear(); return -1; }
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail", TRUE, NULL);
    if (image == NULL) { vips_error_clear(); return -1; }
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    *orientation = vips_image_get_orientation(image);
    *pages = vips_image_get_n_pages(image);
    if ((long long)*width * (long long)*height > max_pixels) {
        g_object_unref(image);
        return -2;
    }
    double average = 0;
    int status = vips_avg(image, &average, NULL);
    g_object_unref(image);
    if (status != 0) { vips_error_clear(); return -1; }
    return 0;
}

/// The image file at `input` toned sepia with `strength` (0 leaves it as it is, 1 is full
/// sepia), turned upright, written to `output` as the suffix says (`.jpg`: JPEG); 0 on
/// success.
static inline int appex_vips_sepia(const char *input, const char *output, double strength) {
    double s = strength < 0 ? 0 : (strength > 1 ? 1 : strength);
    // Microsoft's sepia matrix, mixed with the identity by `s`.
    double sepia[9] = {0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131};
    double mixed[9];
    for (int i = 0; i < 9; i++) mixed[i] = s * sepia[i] + (1 - s) * ((i % 4 == 0) ? 1.0 : 0.0);
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 7);
    int status = -1;
    if (!(t[6] = vips_image_new_from_file(input, "fail", TRUE, NULL))) goto done;
    if (vips_autorot(t[6], &t[0], NULL)) goto done;
    if (vips_colourspace(t[0], &t[1], VIPS_INTERPRETATION_sRGB, NULL)) goto done;
    if (vips_extract_band(t[1], &t[2], 0, "n", 3, NULL)) goto done;
    if (!(t[3] = vips_image_new_matrix_from_array(3, 3, mixed, 9))) goto done;
    if (vips_recomb(t[2], &t[4], t[3], NULL)) goto done;
    if (vips_cast(t[4], &t[5], VIPS_FORMAT_UCHAR, NULL)) goto done;
    status = vips_image_write_to_file(t[5], output, NULL);
done:
    if (status != 0) vips_error_clear();
    g_object_unref(base);
    return status == 0 ? 0 : -1;
}

/// The image file at `input` written to `output` in the format its suffix names (`.png`,
/// `.jpg`, `.webp`, …); 0 on success.
static inline int appex_vips_convert(const char *input, const char *output) {
    VipsImage *image = vips_image_new_from_file(input, "fail", TRUE, NULL);
    if (image == NULL) { vips_error_clear(); return -1; }
    int status = vips_image_write_to_file(image, output, NULL);
    g_object_unref(image);
    if (status != 0) vips_error_clear();
    return status;
}

/// The encoded image in `data` (`length` bytes: a widget's PNG or JPEG) shrunk to fit
/// `width` × `height` pixels, as 8-bit sRGB triples flattened on black; 0 on success, with
/// `*pixels` (free with g_free) and its size set; -2 when its header says it has more than
/// `max_pixels` pixels (nothing is decoded then), -1 when it cannot be read.
static inline int appex_vips_rgb_fitting(const void *data, size_t length, int width, int height, long long max_pixels,
                                         unsigned char **pixels, int *out_width, int *out_height) {
    VipsImage *header = vips_image_new_from_buffer(data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (header == NULL) { vips_error_clear(); return -1; }
    long long total = (long long)vips_image_get_width(header) * (long long)vips_image_get_height(header);
    g_object_unref(header);
    if (total > max_pixels) return -2;
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 5);
    int status = -1;
    if (vips_thumbnail_buffer((void *) data, length, &t[0], width, "height", height, "size", VIPS_SIZE_DOWN, NULL)) goto done;
    if (vips_colourspace(t[0], &t[1], VIPS_INTERPRETATION_sRGB, NULL)) goto done;
    if (vips_image_hasalpha(t[1])) {
        if (vips_flatten(t[1], &t[2], NULL)) goto done;
    } else {
        t[2] = t[1];
        g_object_ref(t[2]);
    }
    if (vips_extract_band(t[2], &t[3], 0, "n", 3, NULL)) goto done;
    if (vips_cast(t[3], &t[4], VIPS_FORMAT_UCHAR, NULL)) goto done;
    size_t size = 0;
    *pixels = vips_image_write_to_memory(t[4], &size);
    if (*pixels == NULL) goto done;
    *out_width = vips_image_get_width(t[4]);
    *out_height = vips_image_get_height(t[4]);
    status = (size == (size_t)*out_width * (size_t)*out_height * 3) ? 0 : -1;
    if (status != 0) { g_free(*pixels); *pixels = NULL; }
done:
    if (status != 0) vips_error_clear();
    g_object_unref(base);
    return status;
}
