import Imaging

extension FilterDefinition {
    /// CIVignette: "Reduces the brightness of an image at the periphery"; radius "The
    /// distance from the center of the effect", intensity "The intensity of the effect"
    /// (Apple, Core Image Filter Reference, CIVignette; CIVignette.radius, .intensity).
    ///
    /// Apple publishes no formula. Appex darkens by distance from the centre, in linear
    /// light (a loss of light, as a lens's vignetting is):
    ///
    ///     out = rgb × (1 − intensity × min(1, (d / radius)²))
    ///
    /// where d is a pixel centre's distance from the image's centre over half the diagonal
    /// (0 at the centre, 1 at the corners). So the centre is untouched, the darkening grows
    /// with the square of the distance and is full from `radius` outwards; a negative
    /// intensity brightens; intensity 0 (the default) leaves the image as it is, as iOS's
    /// identity says. An approximation: the shape of Apple's falloff is unpublished.
    /// Attributes as iOS reports them: intensity default 0, identity 0, −1…1; radius
    /// default 1, 0…2.
    static let vignette = FilterDefinition(
        name: "CIVignette", displayName: "Vignette",
        categories: [kCICategoryColorEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn],
        inputs: [
            FilterInput(key: kCIInputRadiusKey, displayName: "Radius", type: kCIAttributeTypeScalar,
                        description: "The distance from the center of the effect.",
                        defaultValue: 1, minimum: 0, maximum: 2, sliderMinimum: 0, sliderMaximum: 2),
            FilterInput(key: kCIInputIntensityKey, displayName: "Intensity", type: kCIAttributeTypeScalar,
                        description: "The intensity of the effect.",
                        defaultValue: 0, identity: 0, minimum: -1, maximum: 1, sliderMinimum: -1, sliderMaximum: 1),
        ],
        apply: { image, arguments in
            let intensity = arguments[kCIInputIntensityKey]
            guard intensity != 0 else { return image }
            return image.appending(.vignette(radius: arguments[kCIInputRadiusKey], intensity: intensity), extent: image.extent)
        })
}
