/// A key path applied to a base expression: `a.b.@count`, `$attachment.registeredTypeIdentifiers`.
///
/// Components are key names or collection operators (`@count`, `@sum`, `@avg`, `@min`, `@max`,
/// `@distinctUnionOfObjects`, `@unionOfObjects`), spelled as written without the `#` escape.
public struct KeyPathExpression: Sendable, Hashable {
    /// What the path starts from; `nil` means the evaluated object (`SELF`).
    public var base: FormatExpression?
    /// The key path's components, at least one.
    public var components: [String]

    /// Creates a key path.
    public init(base: FormatExpression? = nil, _ components: [String]) {
        self.base = base
        self.components = components
    }
}
