import CVips
import Foundation
import Glibc

/// Thumbnails of shared images, made by libvips (shrink-on-load: a 50-megapixel JPEG is
/// not decoded whole), never by hand-written decoding.
enum Thumbnailer {
    /// Whether libvips started (once per process).
    private static let started: Bool = appex_vips_start() == 0

    /// A PNG at most `size` pixels on its longer side of the image file at `url`; `nil`
    /// when libvips cannot read it.
    static func png(of url: URL, size: Int = 192) -> Data? {
        guard started else { return nil }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard appex_vips_thumbnail_png(url.path, Int32(size), &buffer, &length) == 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: length)
    }
}
