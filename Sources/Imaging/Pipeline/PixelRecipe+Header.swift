import CVips
import Foundation

extension PixelRecipe.Source {
    /// What a source's header says, read without decoding its pixels.
    package struct Header: Hashable, Sendable {
        /// Its width in pixels, as stored.
        package var width: Int
        /// Its height in pixels, as stored.
        package var height: Int
        /// Its EXIF orientation (1…8), `nil` when it has none.
        package var orientation: Int?
    }

    /// Reads the header (the file's first bytes; a raw bitmap needs no reading); `nil` when
    /// libvips cannot read it as an image. Blocking: call it off Swift's shared threads.
    package func header() -> Header? {
        if case .rgba8(let width, let height, let pixels) = self {
            return width > 0 && height > 0 && pixels.count == width * height * 4
                ? Header(width: width, height: height, orientation: nil) : nil
        }
        // Not an image libvips reads: the documented nil (open() throws the reason to renderers).
        guard let (image, header) = try? open() else { return nil }
        g_object_unref(image)
        return header
    }

    /// Opens the source as libvips sees it (lazily: only the header is read) with what its
    /// header says; the caller releases the image with g_object_unref.
    func open() throws(PixelRenderError) -> (UnsafeMutablePointer<VipsImage>, Header) {
        guard Vips.started else { throw PixelRenderError(.unreadableSource, "libvips did not start") }
        var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1, hasOrientation: Int32 = 0
        let image: UnsafeMutablePointer<VipsImage>?
        switch self {
        case .file(let url):
            image = appex_vips_open_file(url.path, &width, &height, &orientation, &hasOrientation)
        case .encoded(let data):
            image = data.withUnsafeBytes { bytes in
                appex_vips_open_buffer(bytes.baseAddress, bytes.count, &width, &height, &orientation, &hasOrientation)
            }
        case .rgba8(let pixelWidth, let pixelHeight, let pixels):
            guard pixelWidth > 0, pixelHeight > 0, pixels.count == pixelWidth * pixelHeight * 4 else {
                throw PixelRenderError(.unreadableSource, "\(pixels.count) bytes are not \(pixelWidth) × \(pixelHeight) RGBA pixels")
            }
            var made: UnsafeMutablePointer<VipsImage>?
            let status = pixels.withUnsafeBytes { bytes in
                appex_vips_from_rgba8(bytes.bindMemory(to: UInt8.self).baseAddress, Int32(pixelWidth), Int32(pixelHeight), &made)
            }
            guard status == 0, let made else { throw .fromVips(.unreadableSource, "cannot take the bitmap") }
            return (made, Header(width: pixelWidth, height: pixelHeight, orientation: nil))
        }
        guard let image else { throw .fromVips(.unreadableSource, "cannot read \(description)") }
        return (image, Header(width: Int(width), height: Int(height), orientation: hasOrientation != 0 ? Int(orientation) : nil))
    }

    /// The source as messages name it: the file's path, or the kind of data.
    package var description: String {
        switch self {
        case .file(let url): url.path
        case .encoded(let data): "\(data.count) bytes of image data"
        case .rgba8(let width, let height, _): "a \(width) × \(height) bitmap"
        }
    }
}
