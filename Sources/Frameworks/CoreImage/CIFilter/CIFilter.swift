/// A filter, as Apple's `CIFilter(name:)` makes one: set its inputs by key, read its
/// ``outputImage`` — a recipe, computed only when a ``CIContext`` renders it.
///
/// ```swift
/// let filter = CIFilter(name: "CISepiaTone")!
/// filter.setValue(image, forKey: kCIInputImageKey)
/// filter.setValue(0.8, forKey: kCIInputIntensityKey)
/// let sepia = filter.outputImage
/// ```
///
/// Where Apple's would raise an exception (an unknown key, a value of the wrong type), this
/// one records the problem: ``outputImage`` is then `nil` and ``outputImageError`` says why,
/// until the key is given a good value. The built-in filters are listed in docs/CORE-IMAGE.md.
open class CIFilter {
    /// What the filter is; `nil` for a subclass made with `init()`.
    let definition: FilterDefinition?
    /// The number inputs that have been set, by key.
    var numbers: [String: Double] = [:]
    /// The input image.
    var inputImage: CIImage?
    /// Problems with the values given, by key, in the order they were met.
    var problems: [(key: String, error: CoreImageError)] = []

    /// A filter for a subclass to build on: no inputs of its own, named after its type.
    public init() {
        definition = nil
    }

    /// The built-in filter named `name` (such as `CISepiaTone`), its inputs at their
    /// defaults; `nil` when there is none of that name.
    public init?(name: String) {
        guard let definition = FilterDefinition.builtIn[name] else { return nil }
        self.definition = definition
    }

    /// The filter's name, such as `CISepiaTone`.
    open var name: String {
        definition?.name ?? String(describing: type(of: self))
    }

    /// The keys of its inputs: ``kCIInputImageKey`` first, then its number inputs.
    open var inputKeys: [String] {
        [kCIInputImageKey] + (definition?.inputs.map(\.key) ?? [])
    }

    /// The keys of its outputs: ``kCIOutputImageKey``.
    open var outputKeys: [String] {
        [kCIOutputImageKey]
    }

    /// Sets the input `key`: a ``CIImage`` for ``kCIInputImageKey``, a number (`Double`,
    /// `Float`, `CGFloat`, an integer, `NSNumber`) for the others; `nil` clears the image or
    /// puts a number back to its default. A key the filter does not have, or a value of the
    /// wrong type or not finite, is recorded: ``outputImage`` is `nil` until the key is set
    /// again to a good value, and ``outputImageError`` names the key and the value.
    open func setValue(_ value: Any?, forKey key: String) {
        store(value, forKey: key)
    }

    /// The value of the input or output `key`: the input image, a number input's value as
    /// a `Double` (its default when unset), or for ``kCIOutputImageKey`` the ``outputImage``;
    /// `nil` for a key the filter does not have.
    open func value(forKey key: String) -> Any? {
        storedValue(forKey: key)
    }

    /// Sets every number input to its default (the input image stays) and forgets the
    /// problems recorded for any key but the image's.
    open func setDefaults() {
        numbers = [:]
        problems.removeAll { $0.key != kCIInputImageKey }
    }

    /// The filtered image; `nil` without an input image or when a value given was wrong
    /// (``outputImageError`` says which). Computes nothing.
    open var outputImage: CIImage? {
        guard outputImageError == nil, let definition, let inputImage else { return nil }
        return definition.apply(inputImage, FilterArguments(values: numbers, definition: definition))
    }

    /// Why ``outputImage`` is `nil`: the first wrong value given (an unknown key, a value of
    /// the wrong type), else a missing input image; `nil` when there is an output image.
    public var outputImageError: CoreImageError? {
        if let first = problems.first { return first.error }
        if inputImage == nil { return CoreImageError(.missingInputImage, "\(name) has no \(kCIInputImageKey)") }
        return nil
    }

    /// The names of the built-in filters in `category` (such as ``kCICategoryColorEffect``),
    /// or of them all for `nil`, sorted.
    public class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the built-in filters in every one of `categories`, or of them all for
    /// `nil` or none, sorted.
    public class func filterNames(inCategories categories: [String]?) -> [String] {
        FilterDefinition.builtIn.values
            .filter { definition in (categories ?? []).allSatisfy(definition.categories.contains) }
            .map(\.name).sorted()
    }
}
