import CVips
import Foundation

/// What a whole read of an image file found: its size, orientation and format.
package struct ImageInspection: Hashable, Sendable {
    /// Why an image file is refused.
    package enum Problem: Error, Hashable, Sendable {
        /// libvips cannot read it to the last pixel (not an image, truncated, damaged).
        case unreadable
        /// Its header says more pixels than the limit.
        case tooLarge(width: Int, height: Int)
    }

    /// Its width in pixels.
    package var width: Int
    /// Its height in pixels.
    package var height: Int
    /// Its EXIF orientation (1 when none).
    package var orientation: Int
    /// Its pages or frames (an animated GIF, a multi-page TIFF); 1 for a still image.
    package var pages: Int
    /// The libvips loader that read it, such as `VipsForeignLoadJpegFile`.
    package var loader: String

    /// Whether it is a JPEG.
    package var isJPEG: Bool { loader.lowercased().contains("jpeg") }

    /// Reads every pixel of the image file at `url`, after checking from its header that
    /// it has at most `maximumPixels`. Blocking: call it off Swift's shared threads.
    package static func inspect(_ url: URL, maximumPixels: Int) -> Result<ImageInspection, Problem> {
        guard Vips.started else { return .failure(.unreadable) }
        var width: Int32 = 0, height: Int32 = 0, orientation: Int32 = 1, pages: Int32 = 1
        var loader: UnsafePointer<CChar>?
        let status = appex_vips_inspect(url.path, Int64(maximumPixels), &width, &height, &orientation, &pages, &loader)
        switch status {
        case 0:
            return .success(ImageInspection(width: Int(width), height: Int(height), orientation: Int(orientation),
                                            pages: Int(pages), loader: loader.map { String(cString: $0) } ?? "unknown"))
        case -2:
            return .failure(.tooLarge(width: Int(width), height: Int(height)))
        default:
            return .failure(.unreadable)
        }
    }
}
