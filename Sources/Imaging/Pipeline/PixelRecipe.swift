import Foundation

/// An image as a recipe: where its pixels come from and the steps applied to them, in order.
/// Nothing is read or computed until it is rendered (``render()``, ``encode(_:)``), so a
/// recipe is cheap to build and extend; libvips evaluates the whole chain at once.
///
/// Pixels move between steps in a working format: float RGBA, the colour sRGB-encoded in
/// 0…1 and not clamped (a step may leave values below 0 or above 1 for the next one), alpha
/// straight. Each step says whether it works on the encoded values or in linear light.
package struct PixelRecipe: Hashable, Sendable {
    /// Where the pixels come from.
    package enum Source: Hashable, Sendable {
        /// An image file libvips reads (JPEG, PNG, WebP, TIFF, HEIF where built in, …).
        case file(URL)
        /// An encoded image in memory.
        case encoded(Data)
        /// `width` × `height` pixels of premultiplied 8-bit RGBA, rows packed.
        case rgba8(width: Int, height: Int, pixels: Data)
    }

    /// One step: what it does to the pixels and to the size.
    package enum Step: Hashable, Sendable {
        /// Turned upright as a viewer turns a file with this EXIF orientation (1…8): 5–8 swap
        /// width and height.
        case orient(exif: Int)
        /// The rectangle of `width` × `height` whose top-left pixel is (`left`, `top`).
        case crop(left: Int, top: Int, width: Int, height: Int)
        /// Every colour replaced by an affine function of itself.
        case colorMatrix(ColorMatrix)
        /// A Gaussian blur of standard deviation `sigma` pixels in linear light, spreading into
        /// `margin` transparent pixels added on every side.
        case gaussianBlur(sigma: Double, margin: Int)
        /// Each colour multiplied, in linear light, by 1 − intensity × min(1, (d / radius)²),
        /// d the distance from the centre over half the diagonal.
        case vignette(radius: Double, intensity: Double)
    }

    /// Where the pixels come from.
    package var source: Source
    /// The steps, first to last.
    package var steps: [Step]

    /// A recipe of `source` and `steps`.
    package init(source: Source, steps: [Step] = []) {
        self.source = source
        self.steps = steps
    }

    /// This recipe with `step` added at the end.
    package func appending(_ step: Step) -> PixelRecipe {
        PixelRecipe(source: source, steps: steps + [step])
    }
}
