/// One row of the coercion table: what a typed load of `target` makes of a registered
/// value of kind `source`, when the registered type matches `condition`.
///
/// The rows live in ``ItemCoercion/table``; docs/ITEM-PROVIDERS.md prints the same rows
/// (a test keeps the two identical).
public struct ItemCoercionRule: Hashable, Sendable {
    /// What the loader asked for.
    public var target: ItemCoercion.Target
    /// The kind of value that was registered.
    public var source: ItemProviderValue.Kind
    /// When the row applies, by the registered type identifier.
    public var condition: Condition
    /// What the load hands out.
    public var outcome: Outcome

    /// Creates a row.
    public init(_ target: ItemCoercion.Target, from source: ItemProviderValue.Kind,
                when condition: Condition = .always, _ outcome: Outcome) {
        self.target = target
        self.source = source
        self.condition = condition
        self.outcome = outcome
    }

    /// When a row applies.
    public enum Condition: Hashable, Sendable {
        /// Always.
        case always
        /// When the registered type identifier conforms to one of these types.
        case conformsToAny([String])
    }

    /// What a row does.
    public enum Outcome: Hashable, Sendable {
        /// The registered value, unchanged.
        case identity
        /// The contents of the file the URL names (-1000 when unreadable).
        case readFileContents
        /// The URL's absolute string.
        case urlString
        /// The UTF-8 bytes of the URL's absolute string.
        case urlStringBytes
        /// The text parsed as an absolute URL (-1100 when it is not one).
        case parseURL
        /// The bytes decoded as text, then parsed as an absolute URL (-1100 when either fails).
        case decodeURL
        /// The text encoded in the type's encoding (UTF-16 for the UTF-16 text types, else UTF-8).
        case encodeText
        /// The bytes decoded in the type's encoding (-1100 when they are not valid text).
        case decodeText
        /// The value serialized as an XML property list (-1100 when it cannot be).
        case propertyList
        /// No coercion: the load fails with this code.
        case fail(ItemProviderError.Code)
    }
}
