import CoreImage
import Foundation
import Testing

/// An 8-bit RGBA colour, as the tests make and read pixels.
struct RGBA: Hashable, Sendable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8 = 255

    var description: String { "(\(red), \(green), \(blue), \(alpha))" }

    /// The colour's channels as 0…1 values.
    var unit: [Double] { [red, green, blue].map { Double($0) / 255 } }
}

/// Images the tests make from nothing but pixels: no fixture files.
enum TestBitmap {
    /// A `width` × `height` image whose pixel at column `x`, row `y` counted from the top is
    /// `color(x, y)` (opaque colours, so premultiplied is the same as straight).
    static func image(width: Int, height: Int, _ color: (Int, Int) -> RGBA) -> CIImage {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                bytes += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height),
                       format: .RGBA8, colorSpace: CGColorSpaceCreateDeviceRGB())
    }

    /// A `width` × `height` image of one colour.
    static func solid(_ color: RGBA, width: Int = 4, height: Int = 4) -> CIImage {
        image(width: width, height: height) { _, _ in color }
    }

    /// A gradient whose every pixel differs: red grows to the right, green downwards.
    static func gradient(width: Int, height: Int) -> CIImage {
        image(width: width, height: height) { x, y in
            RGBA(red: UInt8(x * 255 / max(width - 1, 1)), green: UInt8(y * 255 / max(height - 1, 1)), blue: UInt8((x * 7 + y * 13) % 256))
        }
    }
}

/// A rendered image, its pixels read back by column and row from the top.
struct Rendered {
    let image: CGImage
    var width: Int { image.width }
    var height: Int { image.height }

    /// Renders all of `image` through a new context.
    init(_ image: CIImage) throws {
        self.image = try #require(CIContext().createCGImage(image, from: image.extent))
    }

    /// The premultiplied pixel at column `x`, row `y` from the top.
    subscript(x: Int, y: Int) -> RGBA {
        let start = (y * width + x) * 4
        let bytes = image.rgba8Pixels
        return RGBA(red: bytes[start], green: bytes[start + 1], blue: bytes[start + 2], alpha: bytes[start + 3])
    }

    /// Every pixel, row by row.
    var pixels: [RGBA] {
        (0..<height).flatMap { y in (0..<width).map { x in self[x, y] } }
    }
}

/// A folder of its own under the temporary folder, removed when `body` ends.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CoreImageTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}
