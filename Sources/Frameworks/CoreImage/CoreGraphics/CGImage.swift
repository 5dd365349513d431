import Foundation

/// A rendered bitmap, as ``CIContext/createCGImage(_:from:)`` makes it: 8-bit RGBA with
/// premultiplied alpha (`.premultipliedLast`), rows packed from the top, in sRGB.
public final class CGImage: Sendable {
    /// Its width in pixels.
    public let width: Int
    /// Its height in pixels.
    public let height: Int
    /// Its colour space (sRGB).
    public let colorSpace: CGColorSpace?
    /// `width` × `height` × 4 bytes: red, green, blue, alpha, premultiplied, row by row from
    /// the top. The same bytes as `dataProvider?.data`.
    public let rgba8Pixels: Data

    /// A bitmap of `width` × `height` RGBA pixels.
    init(width: Int, height: Int, rgba8Pixels: Data, colorSpace: CGColorSpace?) {
        precondition(rgba8Pixels.count == width * height * 4, "\(rgba8Pixels.count) bytes are not \(width) × \(height) RGBA pixels")
        self.width = width
        self.height = height
        self.rgba8Pixels = rgba8Pixels
        self.colorSpace = colorSpace
    }

    /// 8.
    public var bitsPerComponent: Int { 8 }
    /// 32.
    public var bitsPerPixel: Int { 32 }
    /// `width` × 4: rows are packed.
    public var bytesPerRow: Int { width * 4 }
    /// `.premultipliedLast`: RGBA, the colour multiplied by alpha.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedLast }
    /// Its pixels, as Apple's code reaches them (`image.dataProvider?.data`).
    public var dataProvider: CGDataProvider? { CGDataProvider(data: rgba8Pixels) }
}

/// Where a ``CGImage``'s bytes come from.
public final class CGDataProvider: Sendable {
    /// The bytes.
    public let data: Data?

    init(data: Data) {
        self.data = data
    }
}

/// Where a bitmap keeps its alpha, with Apple's raw values.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}
