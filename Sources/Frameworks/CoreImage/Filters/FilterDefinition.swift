/// A built-in filter: its name, its number inputs with their ranges, and what it does to an
/// image (a step added to the image's recipe: nothing is computed until rendering).
struct FilterDefinition: Sendable {
    /// Apple's name, such as `CISepiaTone`.
    let name: String
    /// The name for people, such as `Sepia Tone`.
    let displayName: String
    /// Apple's categories for it.
    let categories: [String]
    /// Its inputs besides ``kCIInputImageKey``, in Apple's order.
    let inputs: [FilterInput]
    /// The filtered image, from the input image and the inputs' values.
    let apply: @Sendable (CIImage, FilterArguments) -> CIImage

    /// The input named `key`.
    func input(_ key: String) -> FilterInput? {
        inputs.first { $0.key == key }
    }
}

/// A number input: its key and Apple's attributes for it (the values a running iOS reports).
struct FilterInput: Sendable {
    /// Its key, such as `inputIntensity`.
    let key: String
    /// Its name for people.
    let displayName: String
    /// ``kCIAttributeTypeScalar`` or ``kCIAttributeTypeDistance``.
    let type: String
    /// What it does, in Apple's words.
    let description: String
    /// Its value after `setDefaults()`.
    let defaultValue: Double
    /// The value that leaves the image unchanged, when there is one.
    var identity: Double? = nil
    /// The range it is clamped to, where Apple declares one.
    var minimum: Double? = nil
    var maximum: Double? = nil
    /// The range a slider should offer.
    var sliderMinimum: Double? = nil
    var sliderMaximum: Double? = nil

    /// `value` within ``minimum`` … ``maximum``.
    func clamped(_ value: Double) -> Double {
        min(max(value, minimum ?? -.infinity), maximum ?? .infinity)
    }
}

/// The number inputs' values as a filter applies them: each one clamped to its range.
struct FilterArguments: Sendable {
    /// The values by key.
    let values: [String: Double]
    /// The filter they are for.
    let definition: FilterDefinition

    /// The value of `key`, clamped; its default when unset.
    subscript(key: String) -> Double {
        guard let input = definition.input(key) else { preconditionFailure("\(definition.name) has no input \(key)") }
        return input.clamped(values[key] ?? input.defaultValue)
    }
}
