import Foundation
import Imaging

extension CIContext {
    /// `image` rendered and encoded as a JPEG in sRGB (its colour as if over black: JPEG keeps
    /// no alpha), of the quality `options` gives under ``kCGImageDestinationLossyCompressionQuality``
    /// (0…1, default 0.9); `nil` when it cannot be rendered. Blocking.
    public func jpegRepresentation(of image: CIImage, colorSpace: CGColorSpace,
                                   options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        // Apple's signature answers nil for any failure; writeJPEGRepresentation throws the reason.
        try? jpeg(of: image, options: options)
    }

    /// Writes `image` as a JPEG (as ``jpegRepresentation(of:colorSpace:options:)`` makes it)
    /// to `url`, replacing the file in one step. Throws a ``CoreImageError`` naming what
    /// failed: the image, the quality option, or the file. Blocking.
    public func writeJPEGRepresentation(of image: CIImage, to url: URL, colorSpace: CGColorSpace,
                                        options: [CIImageRepresentationOption: Any] = [:]) throws(CoreImageError) {
        try write(try jpeg(of: image, options: options), to: url)
    }

    /// `image` rendered and encoded as an 8-bit RGBA PNG in sRGB (`format` ``CIFormat/RGBA8``
    /// or ``CIFormat/BGRA8``; straight alpha in the file); `nil` when it cannot be rendered. Blocking.
    public func pngRepresentation(of image: CIImage, format: CIFormat, colorSpace: CGColorSpace,
                                  options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        // Apple's signature answers nil for any failure; writePNGRepresentation throws the reason.
        try? png(of: image, format: format)
    }

    /// Writes `image` as a PNG to `url`, replacing the file in one step. Throws a
    /// ``CoreImageError`` naming what failed. Blocking.
    public func writePNGRepresentation(of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace,
                                       options: [CIImageRepresentationOption: Any] = [:]) throws(CoreImageError) {
        try write(try png(of: image, format: format), to: url)
    }

    /// The JPEG bytes, or why there are none.
    func jpeg(of image: CIImage, options: [CIImageRepresentationOption: Any]) throws(CoreImageError) -> Data {
        try image.encode(.jpeg(quality: try Self.jpegQuality(options)))
    }

    /// The PNG bytes, or why there are none.
    func png(of image: CIImage, format: CIFormat) throws(CoreImageError) -> Data {
        guard format == .RGBA8 || format == .BGRA8 else {
            throw CoreImageError(.invalidOption, "PNG format \(format.rawValue) is not RGBA8 or BGRA8")
        }
        return try image.encode(.png)
    }

    /// libvips' JPEG quality (1…100) from the options' 0…1.
    static func jpegQuality(_ options: [CIImageRepresentationOption: Any]) throws(CoreImageError) -> Int {
        guard let value = options[kCGImageDestinationLossyCompressionQuality] else { return 90 }
        guard let quality = CIFilter.number(value), quality.isFinite else {
            throw CoreImageError(.invalidOption, "\(kCGImageDestinationLossyCompressionQuality.rawValue) takes a number from 0 to 1, not \(CIFilter.describe(value))")
        }
        return min(max(Int((quality * 100).rounded()), 1), 100)
    }

    /// Writes `data` to `url` atomically.
    func write(_ data: Data, to url: URL) throws(CoreImageError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CoreImageError(.writeFailed, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
