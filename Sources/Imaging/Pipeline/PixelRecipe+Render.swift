import CVips
import Foundation

extension PixelRecipe {
    /// Rendered pixels: 8-bit RGBA, premultiplied, rows packed.
    package struct RGBA8: Hashable, Sendable {
        /// Its width in pixels.
        package var width: Int
        /// Its height in pixels.
        package var height: Int
        /// `width` × `height` × 4 bytes, row by row from the top.
        package var pixels: Data
    }

    /// A file format to encode to.
    package enum Encoding: Hashable, Sendable {
        /// JPEG of `quality` 1…100; the colour as if over black (JPEG has no alpha).
        case jpeg(quality: Int)
        /// 8-bit RGBA PNG, straight alpha.
        case png
    }

    /// Reads the source and computes every step. Blocking: call it off Swift's shared threads.
    package func render() throws(PixelRenderError) -> RGBA8 {
        let image = try build()
        defer { g_object_unref(image) }
        var pixels: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard appex_vips_render_rgba8(image, &pixels, &size) == 0, let pixels else {
            throw .fromVips(.failed, "cannot render \(source.description)")
        }
        defer { g_free(pixels) }
        let width = Int(vips_image_get_width(image)), height = Int(vips_image_get_height(image))
        guard size == width * height * 4 else { throw PixelRenderError(.failed, "\(size) bytes rendered for \(width) × \(height) pixels") }
        return RGBA8(width: width, height: height, pixels: Data(bytes: pixels, count: size))
    }

    /// Reads the source, computes every step and encodes the result. Blocking.
    package func encode(_ encoding: Encoding) throws(PixelRenderError) -> Data {
        let image = try build()
        defer { g_object_unref(image) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status: Int32 = switch encoding {
        case .jpeg(let quality): appex_vips_encode(image, 0, Int32(min(max(quality, 1), 100)), &buffer, &length)
        case .png: appex_vips_encode(image, 1, 0, &buffer, &length)
        }
        guard status == 0, let buffer else { throw .fromVips(.failed, "cannot encode \(source.description)") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// The source in the working format with every step applied, lazily; the caller releases it.
    func build() throws(PixelRenderError) -> UnsafeMutablePointer<VipsImage> {
        let (opened, _) = try source.open()
        var current = opened
        if case .rgba8 = source {} else {
            var working: UnsafeMutablePointer<VipsImage>?
            let status = appex_vips_working(opened, &working)
            g_object_unref(opened)
            guard status == 0, let working else { throw .fromVips(.unreadableSource, "cannot convert \(source.description) to RGBA") }
            current = working
        }
        for step in steps {
            var next: UnsafeMutablePointer<VipsImage>?
            let status = step.apply(to: current, &next)
            g_object_unref(current)
            guard status == 0, let next else { throw .fromVips(.failed, "cannot apply \(step) to \(source.description)") }
            current = next
        }
        return current
    }
}

extension PixelRecipe.Step {
    /// Applies the step to `image`, setting `output`; libvips' status.
    func apply(to image: UnsafeMutablePointer<VipsImage>, _ output: inout UnsafeMutablePointer<VipsImage>?) -> Int32 {
        switch self {
        case .orient(let exif):
            return appex_vips_orient(image, Int32(exif), &output)
        case .crop(let left, let top, let width, let height):
            return appex_vips_crop(image, Int32(left), Int32(top), Int32(width), Int32(height), &output)
        case .colorMatrix(let function):
            return function.matrix.withUnsafeBufferPointer { matrix in
                function.bias.withUnsafeBufferPointer { bias in
                    appex_vips_color_matrix(image, matrix.baseAddress, bias.baseAddress, function.space == .linear ? 1 : 0, &output)
                }
            }
        case .gaussianBlur(let sigma, let margin):
            return appex_vips_gaussian_blur(image, sigma, Int32(margin), &output)
        case .vignette(let radius, let intensity):
            return appex_vips_vignette(image, radius, intensity, &output)
        }
    }
}
