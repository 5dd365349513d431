extension CIFilter {
    /// What the filter is, in Apple's keys: ``kCIAttributeFilterName``,
    /// ``kCIAttributeFilterDisplayName``, ``kCIAttributeFilterCategories``, and for each input
    /// key a dictionary of its class, type, display name, description, default, identity,
    /// minimum, maximum and slider range (the numbers as `Double`s; a bound Apple does not
    /// declare is absent).
    public var attributes: [String: Any] {
        var attributes: [String: Any] = [
            kCIAttributeFilterName: name,
            kCIAttributeFilterDisplayName: definition?.displayName ?? name,
            kCIAttributeFilterCategories: definition?.categories ?? [],
            kCIInputImageKey: [
                kCIAttributeClass: "CIImage",
                kCIAttributeType: kCIAttributeTypeImage,
                kCIAttributeDisplayName: "Image",
                kCIAttributeDescription: "The image to use as an input image. For filters that also use a background image, this is the foreground image.",
            ] as [String: Any],
        ]
        for input in definition?.inputs ?? [] {
            var entry: [String: Any] = [
                kCIAttributeClass: "NSNumber",
                kCIAttributeType: input.type,
                kCIAttributeDisplayName: input.displayName,
                kCIAttributeDescription: input.description,
                kCIAttributeDefault: input.defaultValue,
            ]
            entry[kCIAttributeIdentity] = input.identity
            entry[kCIAttributeMin] = input.minimum
            entry[kCIAttributeMax] = input.maximum
            entry[kCIAttributeSliderMin] = input.sliderMinimum
            entry[kCIAttributeSliderMax] = input.sliderMaximum
            attributes[input.key] = entry
        }
        return attributes
    }
}
