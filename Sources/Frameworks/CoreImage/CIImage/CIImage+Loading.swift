import Foundation
import Imaging

extension CIImage {
    /// The image in the file at `url` (any format libvips reads: JPEG, PNG, WebP, TIFF, GIF…);
    /// `nil` when it is not an image or cannot be read. Reads the file's header only, and
    /// the file again when the image is rendered. Blocking: call it off Swift's shared threads.
    public convenience init?(contentsOf url: URL) {
        self.init(contentsOf: url, options: nil)
    }

    /// The image in the file at `url`, turned upright first when `options` has
    /// ``CIImageOption/applyOrientationProperty`` `true`; `nil` when it cannot be read. Blocking.
    public convenience init?(contentsOf url: URL, options: [CIImageOption: Any]?) {
        self.init(source: .file(url), options: options)
    }

    /// The image encoded in `data` (a JPEG, PNG, …); `nil` when it is not an image. Blocking.
    public convenience init?(data: Data) {
        self.init(data: data, options: nil)
    }

    /// The image encoded in `data`, turned upright first when `options` asks; `nil` when it
    /// is not an image. Blocking.
    public convenience init?(data: Data, options: [CIImageOption: Any]?) {
        self.init(source: .encoded(data), options: options)
    }

    /// The image encoded in `data`; `nil` when it is not an image. What Appex's UIImage hands
    /// to make Apple's `CIImage(image:)`. Blocking.
    public convenience init?(encodedImageData: Data) {
        self.init(data: encodedImageData, options: nil)
    }

    /// An image of `size` pixels from `bitmapData`: rows of `bytesPerRow` bytes from the top,
    /// each pixel in `format` (``CIFormat/RGBA8`` or ``CIFormat/BGRA8``, alpha premultiplied),
    /// taken as sRGB whatever `colorSpace` says. Data that does not hold `size` in `format`
    /// makes an empty image whose rendering throws the reason.
    public convenience init(bitmapData data: Data, bytesPerRow: Int, size: CGSize, format: CIFormat, colorSpace: CGColorSpace?) {
        switch BitmapLayout.packedRGBA(data, bytesPerRow: bytesPerRow, size: size, format: format) {
        case .success(let (width, height, pixels)):
            self.init(recipe: PixelRecipe(source: .rgba8(width: width, height: height, pixels: pixels)),
                      extent: CGRect(x: 0, y: 0, width: width, height: height),
                      metadata: ImageMetadata(pixelWidth: width, pixelHeight: height))
        case .failure(let error):
            self.init(recipe: nil, extent: .null, metadata: ImageMetadata(), failure: error)
        }
    }

    /// An image of a rendered bitmap's pixels.
    public convenience init(cgImage: CGImage) {
        self.init(bitmapData: cgImage.rgba8Pixels, bytesPerRow: cgImage.bytesPerRow,
                  size: CGSize(width: cgImage.width, height: cgImage.height), format: .RGBA8, colorSpace: cgImage.colorSpace)
    }

    /// The image of `source` whose header libvips reads, turned upright when `options` asks.
    convenience init?(source: PixelRecipe.Source, options: [CIImageOption: Any]?) {
        guard let header = source.header() else { return nil }
        let stored = CIImage(recipe: PixelRecipe(source: source), extent: CGRect(x: 0, y: 0, width: header.width, height: header.height),
                             metadata: ImageMetadata(pixelWidth: header.width, pixelHeight: header.height, orientation: header.orientation))
        let upright = options?[.applyOrientationProperty] as? Bool == true
        let image = upright ? stored.oriented(forExifOrientation: Int32(header.orientation ?? 1)) : stored
        self.init(recipe: image.recipe, extent: image.extent, metadata: image.metadata)
    }
}

/// Bitmap data turned into packed RGBA rows.
enum BitmapLayout {
    /// `data`'s pixels as packed RGBA (`width` × 4 bytes a row), or why they are not `size` in `format`.
    static func packedRGBA(_ data: Data, bytesPerRow: Int, size: CGSize, format: CIFormat)
        -> Result<(width: Int, height: Int, pixels: Data), CoreImageError> {
        let width = Int(size.width), height = Int(size.height)
        guard format == .RGBA8 || format == .BGRA8 else {
            return .failure(CoreImageError(.unreadableImage, "bitmap format \(format.rawValue) is not RGBA8 or BGRA8"))
        }
        guard width > 0, height > 0, CGFloat(width) == size.width, CGFloat(height) == size.height,
              bytesPerRow >= width * 4, data.count >= bytesPerRow * (height - 1) + width * 4 else {
            return .failure(CoreImageError(.unreadableImage,
                                           "\(data.count) bytes with \(bytesPerRow) a row are not \(size.width) × \(size.height) pixels"))
        }
        var pixels = Data(capacity: width * height * 4)
        let bytes = [UInt8](data)
        for row in 0..<height {
            let start = row * bytesPerRow
            var line = Array(bytes[start..<(start + width * 4)])
            if format == .BGRA8 {
                for pixel in stride(from: 0, to: line.count, by: 4) { line.swapAt(pixel, pixel + 2) }
            }
            pixels.append(contentsOf: line)
        }
        return .success((width, height, pixels))
    }
}
