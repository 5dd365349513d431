// Imaging's pixel pipeline (PixelRecipe), for the CoreImage module: each function takes an
// image in the working format — 4 bands of float RGBA, the colour sRGB-encoded in 0…1, alpha
// straight (not premultiplied) in 0…1 — and sets `*out` to a new lazy image in the same
// format (free with g_object_unref); 0 on success, -1 with libvips' error buffer set (the
// caller reads and clears it). Nothing is computed until the result is written.
#include <vips/vips.h>
#include <math.h>

/// Turns any image libvips reads into the working format: sRGB, an opaque alpha added when
/// it has none, bands past the fourth dropped (ICC profiles are not applied).
static inline int appex_vips_working(VipsImage *in, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 4);
    int status = -1;
    if (vips_colourspace(in, &t[0], VIPS_INTERPRETATION_sRGB, NULL)) goto done;
    double max = vips_image_get_format(t[0]) == VIPS_FORMAT_USHORT ? 65535.0 : 255.0;
    int bands = vips_image_get_bands(t[0]);
    if (bands == 3) {
        if (vips_bandjoin_const1(t[0], &t[1], max, NULL)) goto done;
    } else if (bands >= 4) {
        if (vips_extract_band(t[0], &t[1], 0, "n", 4, NULL)) goto done;
    } else {
        vips_error("appex", "%d bands after conversion to sRGB", bands);
        goto done;
    }
    if (vips_cast(t[1], &t[2], VIPS_FORMAT_FLOAT, NULL)) goto done;
    if (vips_linear1(t[2], &t[3], 1.0 / max, 0, NULL)) goto done;
    status = vips_copy(t[3], out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
done:
    g_object_unref(base);
    return status;
}

/// Opens the image file at `path` (its header only: pixels are decoded when written); sets
/// its size and EXIF orientation (`*has_orientation` 0 when the file has none).
static inline VipsImage *appex_vips_open_file(const char *path, int *width, int *height, int *orientation,
                                               int *has_orientation) {
    VipsImage *image = vips_image_new_from_file(path, NULL);
    if (image == NULL) return NULL;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    *has_orientation = vips_image_get_typeof(image, VIPS_META_ORIENTATION) != 0;
    *orientation = vips_image_get_orientation(image);
    return image;
}

/// Opens the encoded image in `data` (`length` bytes, copied) as `appex_vips_open_file` does.
static inline VipsImage *appex_vips_open_buffer(const void *data, size_t length, int *width, int *height,
                                                 int *orientation, int *has_orientation) {
    VipsBlob *blob = vips_blob_copy(data, length);
    VipsSource *source = vips_source_new_from_blob(blob);
    vips_area_unref(VIPS_AREA(blob));
    if (source == NULL) return NULL;
    VipsImage *image = vips_image_new_from_source(source, "", NULL);
    g_object_unref(source);
    if (image == NULL) return NULL;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    *has_orientation = vips_image_get_typeof(image, VIPS_META_ORIENTATION) != 0;
    *orientation = vips_image_get_orientation(image);
    return image;
}

/// `width` × `height` pixels of premultiplied 8-bit RGBA, rows packed (copied), in the
/// working format.
static inline int appex_vips_from_rgba8(const unsigned char *pixels, int width, int height, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 4);
    int status = -1;
    size_t size = (size_t) width * (size_t) height * 4;
    if (!(t[0] = vips_image_new_from_memory_copy(pixels, size, width, height, 4, VIPS_FORMAT_UCHAR))) goto done;
    if (vips_cast(t[0], &t[1], VIPS_FORMAT_FLOAT, NULL)) goto done;
    if (vips_linear1(t[1], &t[2], 1.0 / 255.0, 0, NULL)) goto done;
    if (vips_unpremultiply(t[2], &t[3], "max_alpha", 1.0, NULL)) goto done;
    status = vips_copy(t[3], out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
done:
    g_object_unref(base);
    return status;
}

/// Splits a working image into its colour (3 bands) and its alpha (1 band).
static inline int appex_vips_split(VipsImage *in, VipsImage **rgb, VipsImage **alpha) {
    if (vips_extract_band(in, rgb, 0, "n", 3, NULL)) return -1;
    if (vips_extract_band(in, alpha, 3, NULL)) { g_object_unref(*rgb); return -1; }
    return 0;
}

/// The sRGB transfer function (IEC 61966-2-1) applied to every band, extended to negative
/// values by symmetry as Core Image's extended-range sRGB is: encoded → linear when
/// `to_linear`, linear → encoded otherwise.
static inline int appex_vips_transfer(VipsImage *in, VipsImage **out, int to_linear) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 8);
    int status = -1;
    if (vips_abs(in, &t[0], NULL)) goto done;
    if (vips_sign(in, &t[1], NULL)) goto done;
    if (to_linear) {
        if (vips_linear1(t[0], &t[2], 1.0 / 12.92, 0, NULL)) goto done;
        if (vips_linear1(t[0], &t[3], 1.0 / 1.055, 0.055 / 1.055, NULL)) goto done;
        if (vips_math2_const1(t[3], &t[4], VIPS_OPERATION_MATH2_POW, 2.4, NULL)) goto done;
        if (vips_relational_const1(t[0], &t[5], VIPS_OPERATION_RELATIONAL_LESSEQ, 0.04045, NULL)) goto done;
    } else {
        if (vips_linear1(t[0], &t[2], 12.92, 0, NULL)) goto done;
        if (vips_math2_const1(t[0], &t[3], VIPS_OPERATION_MATH2_POW, 1.0 / 2.4, NULL)) goto done;
        if (vips_linear1(t[3], &t[4], 1.055, -0.055, NULL)) goto done;
        if (vips_relational_const1(t[0], &t[5], VIPS_OPERATION_RELATIONAL_LESSEQ, 0.0031308, NULL)) goto done;
    }
    if (vips_ifthenelse(t[5], t[2], t[4], &t[6], NULL)) goto done;
    if (vips_multiply(t[6], t[1], &t[7], NULL)) goto done;
    status = vips_cast(t[7], out, VIPS_FORMAT_FLOAT, NULL);
done:
    g_object_unref(base);
    return status;
}

/// Turns the image upright as a viewer would for EXIF orientation `orientation` (1…8):
/// 2 mirrors left–right, 3 turns 180°, 4 mirrors top–bottom, 5 transposes, 6 turns 90°
/// clockwise, 7 transverses, 8 turns 90° anticlockwise; 1 (or any other value) copies.
static inline int appex_vips_orient(VipsImage *in, int orientation, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 1);
    int status = -1;
    switch (orientation) {
    case 2: status = vips_flip(in, out, VIPS_DIRECTION_HORIZONTAL, NULL); break;
    case 3: status = vips_rot(in, out, VIPS_ANGLE_D180, NULL); break;
    case 4: status = vips_flip(in, out, VIPS_DIRECTION_VERTICAL, NULL); break;
    case 5:
        if (vips_rot(in, &t[0], VIPS_ANGLE_D90, NULL)) break;
        status = vips_flip(t[0], out, VIPS_DIRECTION_HORIZONTAL, NULL);
        break;
    case 6: status = vips_rot(in, out, VIPS_ANGLE_D90, NULL); break;
    case 7:
        if (vips_rot(in, &t[0], VIPS_ANGLE_D90, NULL)) break;
        status = vips_flip(t[0], out, VIPS_DIRECTION_VERTICAL, NULL);
        break;
    case 8: status = vips_rot(in, out, VIPS_ANGLE_D270, NULL); break;
    default: status = vips_copy(in, out, NULL); break;
    }
    g_object_unref(base);
    return status;
}

/// The `width` × `height` rectangle whose top-left pixel is (`left`, `top`).
static inline int appex_vips_crop(VipsImage *in, int left, int top, int width, int height, VipsImage **out) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

/// The colour of every pixel replaced by `m` (3 × 3, row by row) times it plus `bias`, in
/// linear light when `linear` (the sRGB encoding removed first and put back after), on the
/// encoded values otherwise; alpha unchanged, nothing clamped.
static inline int appex_vips_color_matrix(VipsImage *in, const double *m, const double *bias, int linear,
                                          VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 7);
    int status = -1;
    double ones[3] = {1, 1, 1};
    if (appex_vips_split(in, &t[0], &t[1])) goto done;
    if (linear) {
        if (appex_vips_transfer(t[0], &t[2], 1)) goto done;
    } else {
        t[2] = t[0];
        g_object_ref(t[2]);
    }
    if (!(t[3] = vips_image_new_matrix_from_array(3, 3, m, 9))) goto done;
    if (vips_recomb(t[2], &t[4], t[3], NULL)) goto done;
    if (vips_linear(t[4], &t[5], ones, (double *) bias, 3, NULL)) goto done;
    if (linear) {
        if (appex_vips_transfer(t[5], &t[6], 0)) goto done;
    } else {
        t[6] = t[5];
        g_object_ref(t[6]);
    }
    status = vips_bandjoin2(t[6], t[1], out, NULL);
done:
    g_object_unref(base);
    return status;
}

/// A Gaussian blur of standard deviation `sigma` in linear light on premultiplied colour,
/// over the image widened by `margin` transparent pixels on every side (the blur spreads
/// into them): the result is `margin` pixels larger on each side.
static inline int appex_vips_gaussian_blur(VipsImage *in, double sigma, int margin, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 11);
    int status = -1;
    int width = vips_image_get_width(in), height = vips_image_get_height(in);
    if (appex_vips_split(in, &t[0], &t[1])) goto done;
    if (appex_vips_transfer(t[0], &t[2], 1)) goto done;
    if (vips_bandjoin2(t[2], t[1], &t[3], NULL)) goto done;
    if (vips_premultiply(t[3], &t[4], "max_alpha", 1.0, NULL)) goto done;
    if (vips_embed(t[4], &t[5], margin, margin, width + 2 * margin, height + 2 * margin,
                   "extend", VIPS_EXTEND_BLACK, NULL)) goto done;
    if (vips_gaussblur(t[5], &t[6], sigma, "precision", VIPS_PRECISION_FLOAT, "min_ampl", 0.001, NULL)) goto done;
    if (vips_unpremultiply(t[6], &t[7], "max_alpha", 1.0, NULL)) goto done;
    if (appex_vips_split(t[7], &t[8], &t[9])) goto done;
    if (appex_vips_transfer(t[8], &t[10], 0)) goto done;
    status = vips_bandjoin2(t[10], t[9], out, NULL);
done:
    g_object_unref(base);
    return status;
}

/// Darkens (or, with a negative `intensity`, brightens) by distance from the centre, in
/// linear light: each colour is multiplied by 1 − intensity × min(1, (d / radius)²), where
/// d is the pixel centre's distance from the image centre divided by half the diagonal
/// (0 at the centre, 1 at the corners); a `radius` of 0 or less darkens every pixel fully.
static inline int appex_vips_vignette(VipsImage *in, double radius, double intensity, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 16);
    int status = -1;
    int width = vips_image_get_width(in), height = vips_image_get_height(in);
    if (appex_vips_split(in, &t[0], &t[1])) goto done;
    if (appex_vips_transfer(t[0], &t[2], 1)) goto done;
    if (radius <= 0) {
        if (vips_linear1(t[2], &t[13], 1 - intensity, 0, NULL)) goto done;
    } else {
        double reach = radius * sqrt((double) width * width + (double) height * height) / 2;
        double scale[2] = {1 / reach, 1 / reach};
        double offset[2] = {(0.5 - width / 2.0) / reach, (0.5 - height / 2.0) / reach};
        if (vips_xyz(&t[3], width, height, NULL)) goto done;
        if (vips_linear(t[3], &t[4], scale, offset, 2, NULL)) goto done;   // (x, y) from the centre over the reach
        if (vips_multiply(t[4], t[4], &t[5], NULL)) goto done;
        if (vips_bandmean(t[5], &t[6], NULL)) goto done;
        if (vips_linear1(t[6], &t[7], 2, 0, NULL)) goto done;             // q = (d / radius)²
        if (vips_linear1(t[7], &t[8], 1, -1, NULL)) goto done;            // e = q − 1
        if (vips_abs(t[8], &t[9], NULL)) goto done;
        if (vips_add(t[8], t[9], &t[10], NULL)) goto done;                 // 2 max(0, e)
        if (vips_linear1(t[10], &t[11], -0.5, 0, NULL)) goto done;        // −max(0, e)
        if (vips_add(t[7], t[11], &t[12], NULL)) goto done;                // min(1, q)
        if (vips_linear1(t[12], &t[14], -intensity, 1, NULL)) goto done;  // 1 − intensity × min(1, q)
        if (vips_multiply(t[2], t[14], &t[13], NULL)) goto done;
    }
    if (appex_vips_transfer(t[13], &t[15], 0)) goto done;
    status = vips_bandjoin2(t[15], t[1], out, NULL);
done:
    g_object_unref(base);
    return status;
}

/// The working image in 8 bits a channel (rounded, clamped to 0…255): RGBA, premultiplied
/// when `premultiplied`, or, when `opaque`, its colour alone premultiplied by its alpha (as
/// if over black, what a JPEG keeps); the interpretation set to sRGB.
static inline int appex_vips_to_8bit(VipsImage *in, int premultiplied, int opaque, VipsImage **out) {
    VipsImage *base = vips_image_new(), **t = (VipsImage **) vips_object_local_array(VIPS_OBJECT(base), 5);
    int status = -1;
    if (premultiplied || opaque) {
        if (vips_premultiply(in, &t[0], "max_alpha", 1.0, NULL)) goto done;
    } else {
        t[0] = in;
        g_object_ref(t[0]);
    }
    if (opaque) {
        if (vips_extract_band(t[0], &t[1], 0, "n", 3, NULL)) goto done;
    } else {
        t[1] = t[0];
        g_object_ref(t[1]);
    }
    if (vips_linear1(t[1], &t[2], 255, 0, NULL)) goto done;
    if (vips_round(t[2], &t[3], VIPS_OPERATION_ROUND_RINT, NULL)) goto done;
    if (vips_cast(t[3], &t[4], VIPS_FORMAT_UCHAR, NULL)) goto done;
    status = vips_copy(t[4], out, "interpretation", VIPS_INTERPRETATION_sRGB, NULL);
done:
    g_object_unref(base);
    return status;
}

/// Computes the working image: 8-bit premultiplied RGBA, rows packed, in `*pixels` (free
/// with g_free), `*size` bytes.
static inline int appex_vips_render_rgba8(VipsImage *in, unsigned char **pixels, size_t *size) {
    VipsImage *eight = NULL;
    if (appex_vips_to_8bit(in, 1, 0, &eight)) return -1;
    *pixels = vips_image_write_to_memory(eight, size);
    g_object_unref(eight);
    return *pixels == NULL ? -1 : 0;
}

/// Computes and encodes the working image: a JPEG of `quality` (1…100) of its colour as if
/// over black when `png` is 0; an 8-bit RGBA PNG (straight alpha) otherwise. Metadata is not
/// written. Sets `*buffer` (free with g_free) and `*length`.
static inline int appex_vips_encode(VipsImage *in, int png, int quality, void **buffer, size_t *length) {
    VipsImage *eight = NULL;
    if (appex_vips_to_8bit(in, 0, !png, &eight)) return -1;
    int status = png ? vips_pngsave_buffer(eight, buffer, length, "strip", TRUE, NULL)
                     : vips_jpegsave_buffer(eight, buffer, length, "Q", quality, "strip", TRUE, NULL);
    g_object_unref(eight);
    return status;
}

/// Copies the image file at `input` to `output` (the format its suffix names) with its EXIF
/// orientation tag set to `orientation` and its pixels left as they are; 0 on success.
static inline int appex_vips_write_with_orientation(const char *input, const char *output, int orientation) {
    VipsImage *image = vips_image_new_from_file(input, "fail", TRUE, NULL);
    if (image == NULL) { vips_error_clear(); return -1; }
    VipsImage *copy = NULL;
    int status = vips_copy(image, &copy, NULL);
    g_object_unref(image);
    if (status == 0) {
        vips_image_set_int(copy, VIPS_META_ORIENTATION, orientation);
        status = vips_image_write_to_file(copy, output, NULL);
        g_object_unref(copy);
    }
    if (status != 0) vips_error_clear();
    return status;
}
