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

extension Thumbnailer {
    /// Pixels to draw: rows of 8-bit sRGB triples.
    package struct Pixels: Hashable, Sendable {
        package var width: Int
        package var height: Int
        /// `width` × `height` × 3 bytes, row by row.
        package var rgb: [UInt8]

        /// Pixels of `width` × `height` from `rgb` (`width` × `height` × 3 bytes).
        package init(width: Int, height: Int, rgb: [UInt8]) {
            precondition(rgb.count == width * height * 3, "\(rgb.count) bytes are not \(width) × \(height) RGB pixels")
            self.width = width
            self.height = height
            self.rgb = rgb
        }

        /// The pixel at (`x`, `y`).
        package func color(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
            let start = (y * width + x) * 3
            return (rgb[start], rgb[start + 1], rgb[start + 2])
        }
    }

    /// The encoded image `data` (PNG, JPEG…) shrunk to fit `width` × `height` pixels, its
    /// proportions kept; `nil` when libvips cannot read it or its header says it has more
    /// than `maximumPixels` (a small file can declare a huge picture: it is not decoded).
    package static func pixels(of data: Data, fitting width: Int, by height: Int, maximumPixels: Int = 16_000_000) -> Pixels? {
        guard Vips.started, width > 0, height > 0, !data.isEmpty else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var (outWidth, outHeight): (Int32, Int32) = (0, 0)
        let status = data.withUnsafeBytes { bytes in
            appex_vips_rgb_fitting(bytes.baseAddress, bytes.count, Int32(width), Int32(height), Int64(maximumPixels),
                                   &buffer, &outWidth, &outHeight)
        }
        guard status == 0, let buffer else { return nil }
        defer { g_free(buffer) }
        let count = Int(outWidth) * Int(outHeight) * 3
        return Pixels(width: Int(outWidth), height: Int(outHeight), rgb: Array(UnsafeBufferPointer(start: buffer, count: count)))
    }
}
