import Imaging

extension FilterDefinition {
    /// CISepiaTone: "Maps the colors of an image to various shades of brown"; intensity "A
    /// value of 1.0 creates a monochrome sepia image. A value of 0.0 has no effect on the
    /// image" (Apple, Core Image Filter Reference, CISepiaTone; CISepiaTone.intensity).
    ///
    /// Apple publishes no formula. Appex uses the common sepia matrix (the one Microsoft
    /// documents for its sepia effect, and the example editor's), on the sRGB-encoded colour,
    /// mixed with the identity by the intensity `i`:
    ///
    ///     S = | 0.393 0.769 0.189 |     out = (i × S + (1 − i) × I) · rgb
    ///         | 0.349 0.686 0.168 |
    ///         | 0.272 0.534 0.131 |
    ///
    /// S's rows are nearly proportional (its red : green : blue is about 1.12 : 1 : 0.78 for
    /// any input), so i = 1 gives one brown at varying lightness: the monochrome sepia Apple
    /// describes. The result is clamped only when rendered. Attributes as iOS reports them:
    /// default 1, identity 0, minimum 0, slider 0…1.
    static let sepiaTone = FilterDefinition(
        name: "CISepiaTone", displayName: "Sepia Tone",
        categories: [kCICategoryColorEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryXMPSerializable, kCICategoryBuiltIn],
        inputs: [
            FilterInput(key: kCIInputIntensityKey, displayName: "Intensity", type: kCIAttributeTypeScalar,
                        description: "The intensity of the sepia effect. A value of 1.0 creates a monochrome sepia image. A value of 0.0 has no effect on the image.",
                        defaultValue: 1, identity: 0, minimum: 0, sliderMinimum: 0, sliderMaximum: 1),
        ],
        apply: { image, arguments in
            let intensity = arguments[kCIInputIntensityKey]
            return image.applying(sepiaMatrix.mixed(with: .identity, amount: intensity))
        })

    /// The sepia matrix, row by row.
    static let sepiaMatrix = ColorMatrix(matrix: [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131])
}
