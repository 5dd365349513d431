import Imaging

/// The CIPhotoEffect family: Apple's "preconfigured set[s] of effects that imitate vintage
/// photography film" (Apple, Core Image Filter Reference, CIPhotoEffectChrome … Transfer; the
/// `CIFilter.photoEffect…()` pages). Apple describes each in a sentence and publishes no
/// formula: the real ones are tone curves and colour tables matched to film, which iOS does
/// not expose.
///
/// Appex's are approximations: each is one affine colour function of the sRGB-encoded colour
/// (a ``ColorMatrix``), built from the adjustments CIColorControls documents (saturation with
/// Rec. 709's grey, contrast about 0.5, a bias) and per-channel tints, with amounts chosen so
/// that each does what its sentence says and nothing else. They share the look's direction,
/// not its exact colours. They take only an input image (iOS 17's `inputExtrapolate` is not
/// supported).
extension FilterDefinition {
    /// A photo effect named `name` whose colour function is `function`.
    static func photoEffect(_ name: String, displayName: String, _ function: ColorMatrix) -> FilterDefinition {
        FilterDefinition(
            name: name, displayName: displayName,
            categories: [kCICategoryColorEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryXMPSerializable, kCICategoryBuiltIn],
            inputs: [],
            apply: { image, _ in image.applying(function) })
    }
}
