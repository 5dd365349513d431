import Foundation

/// Renders images: evaluates a ``CIImage``'s recipe — reads its source, applies its filters —
/// into a bitmap (``createCGImage(_:from:)``) or a file's bytes (JPEG, PNG). libvips does the
/// work on the CPU; every rendering method blocks until it is done, so call them off Swift's
/// shared threads (a task on your own executor, `Offload`, a thread of yours). A context
/// holds nothing between renderings: one can be used from any thread.
public final class CIContext: Sendable {
    /// A context with the default options.
    public convenience init() {
        self.init(options: nil)
    }

    /// A context; Appex accepts Apple's `options` and follows none of them (``CIContextOption``).
    public init(options: [CIContextOption: Any]?) {}

    /// The part of `image` inside `fromRect` (Core Image's coordinates, rounded outwards to
    /// whole pixels) as an 8-bit premultiplied RGBA bitmap; `nil` when they do not meet or the
    /// image cannot be rendered. Blocking.
    public func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        // Apple's signature answers nil for any failure; the write methods throw the reason.
        guard let pixels = try? image.cropped(to: fromRect).renderRGBA8() else { return nil }
        return CGImage(width: pixels.width, height: pixels.height, rgba8Pixels: pixels.pixels, colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
    }
}
