import Foundation
import Imaging

/// An image as Core Image has it: a recipe — where the pixels come from and the filters and
/// geometry applied to them — that nothing evaluates until a ``CIContext`` renders it. Making
/// one reads at most a file's header; applying a filter only adds a step.
///
/// Coordinates are Core Image's: the origin at the bottom left, y growing upwards. An image's
/// ``extent`` is a whole number of pixels here (Appex rounds fractional crops outwards).
///
/// Apple's `CIImage(image: UIImage)` comes with Appex's UIImage: it makes its image with
/// ``init(encodedImageData:)``.
public final class CIImage: Sendable {
    /// The recipe, in pixels; `nil` for an empty image.
    let recipe: PixelRecipe?
    /// The rectangle the image covers, in Core Image's coordinates; `CGRect.null` when empty.
    public let extent: CGRect
    /// What the source's header said.
    let metadata: ImageMetadata
    /// Why the image could not be made (a filter applied by name that failed), carried to
    /// whatever renders it.
    let failure: CoreImageError?

    /// An image of `recipe` covering `extent`.
    init(recipe: PixelRecipe?, extent: CGRect, metadata: ImageMetadata, failure: CoreImageError? = nil) {
        self.recipe = recipe
        self.extent = recipe == nil ? .null : extent
        self.metadata = metadata
        self.failure = failure
    }

    /// An image with no pixels (its extent is `CGRect.null`).
    public class func empty() -> CIImage {
        CIImage(recipe: nil, extent: .null, metadata: ImageMetadata())
    }

    /// An empty image that remembers why it is empty: rendering it throws `error`.
    static func failed(_ error: CoreImageError) -> CIImage {
        CIImage(recipe: nil, extent: .null, metadata: ImageMetadata(), failure: error)
    }

    /// This image with `step` added, covering `extent`; an empty image stays as it is.
    func appending(_ step: PixelRecipe.Step, extent: CGRect) -> CIImage {
        guard let recipe else { return self }
        return CIImage(recipe: recipe.appending(step), extent: extent, metadata: metadata)
    }

    /// The metadata of the source: ``kCGImagePropertyPixelWidth`` and
    /// ``kCGImagePropertyPixelHeight`` (`Int`s, as stored), and ``kCGImagePropertyOrientation``
    /// (an `Int` 1…8) when the file has one. Filtered images keep their source's properties.
    public var properties: [String: Any] {
        metadata.dictionary
    }
}

/// What a source's header said, kept for ``CIImage/properties``.
struct ImageMetadata: Hashable, Sendable {
    /// The stored size, `nil` for an image without a source.
    var pixelWidth: Int?
    var pixelHeight: Int?
    /// The EXIF orientation, `nil` when the source has none.
    var orientation: Int?

    /// Apple's keys and values.
    var dictionary: [String: Any] {
        var properties: [String: Any] = [:]
        if let pixelWidth { properties[kCGImagePropertyPixelWidth] = pixelWidth }
        if let pixelHeight { properties[kCGImagePropertyPixelHeight] = pixelHeight }
        if let orientation { properties[kCGImagePropertyOrientation] = orientation }
        return properties
    }
}
