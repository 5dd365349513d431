import CVips
import Foundation
import Glibc

/// Smaller copies of images, made by libvips (shrink-on-load: a 50-megapixel JPEG is not
/// decoded whole), never by hand-written decoding.
package enum Thumbnailer {
    /// A PNG at most `size` pixels on its longer side of the image file at `url`; `nil`
    /// when libvips cannot read it. The web sheet's thumbnails.
    package static func png(of url: URL, size: Int = 192) -> Data? {
        guard Vips.started else { return nil }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard appex_vips_thumbnail_png(url.path, Int32(size), &buffer, &length) == 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }

    /// Writes a JPEG of the image file at `url`, at most `size` pixels on its longer side
    /// and turned upright, to `output`; `false` when libvips cannot read or write it. A
    /// photo editor's display-size image.
    package static func writeJPEG(of url: URL, size: Int, to output: URL) -> Bool {
        Vips.started && appex_vips_thumbnail_jpeg(url.path, Int32(size), output.path) == 0
    }
}

/// libvips, started once per process.
package enum Vips {
    /// Whether libvips started.
    package static let started: Bool = appex_vips_start() == 0

    /// The library's version, such as `8.14.1`.
    package static var version: String {
        String(cString: vips_version_string())
    }
}
