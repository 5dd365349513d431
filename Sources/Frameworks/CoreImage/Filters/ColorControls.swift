import Imaging

extension FilterDefinition {
    /// CIColorControls: "Adjusts saturation, brightness, and contrast values" (Apple, Core
    /// Image Filter Reference, CIColorControls), which gives its formulas:
    ///
    /// - saturation: "linearly interpolates between a grayscale image (saturation = 0.0) and
    ///   the original image (saturation = 1.0)", extrapolating above 1 —
    ///   `luma + s × (rgb − luma)`, the grey by Rec. 709's weights (0.2126, 0.7152, 0.0722);
    ///   Apple does not name the weights;
    /// - contrast: `(color.rgb − vec3(0.5)) × contrast + vec3(0.5)`;
    /// - brightness: `color.rgb + vec3(brightness)`.
    ///
    /// Appex applies them in the order the reference lists them — saturation, then contrast,
    /// then brightness — to the sRGB-encoded colour, where 0.5 is mid-grey; Apple states
    /// neither the order nor the space (its working space is linear light), so a strong
    /// adjustment may differ from iOS's. Attributes as iOS reports them: saturation default 1,
    /// minimum 0, slider 0…2; brightness default 0, minimum −1, slider −1…1; contrast default
    /// 1, minimum 0, slider 0.25…4.
    static let colorControls = FilterDefinition(
        name: "CIColorControls", displayName: "Color Controls",
        categories: [kCICategoryColorAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        inputs: [
            FilterInput(key: kCIInputSaturationKey, displayName: "Saturation", type: kCIAttributeTypeScalar,
                        description: "The amount of saturation to apply. The larger the value, the more saturated the result.",
                        defaultValue: 1, identity: 1, minimum: 0, sliderMinimum: 0, sliderMaximum: 2),
            FilterInput(key: kCIInputBrightnessKey, displayName: "Brightness", type: kCIAttributeTypeScalar,
                        description: "The amount of brightness to apply. The larger the value, the brighter the result.",
                        defaultValue: 0, identity: 0, minimum: -1, sliderMinimum: -1, sliderMaximum: 1),
            FilterInput(key: kCIInputContrastKey, displayName: "Contrast", type: kCIAttributeTypeScalar,
                        description: "The amount of contrast to apply. The larger the value, the more contrast in the resulting image.",
                        defaultValue: 1, identity: 1, minimum: 0, sliderMinimum: 0.25, sliderMaximum: 4),
        ],
        apply: { image, arguments in
            image.applying(ColorMatrix.saturation(arguments[kCIInputSaturationKey])
                .then(.contrast(arguments[kCIInputContrastKey]))
                .then(.brightness(arguments[kCIInputBrightnessKey])))
        })
}
