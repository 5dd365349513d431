/// The path from a property list's root to one of its values, such as
/// `NSExtension.NSExtensionAttributes.NSExtensionActivationRule` or
/// `UTExportedTypeDeclarations[0].UTTypeConformsTo[1]`.
public struct PropertyListKeyPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a key path: a dictionary key or an array index.
    public enum Component: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        /// The value for a key of a dictionary.
        case key(String)
        /// The element at an index of an array.
        case index(Int)

        /// A key component from a string literal.
        public init(stringLiteral value: String) { self = .key(value) }
        /// An index component from an integer literal.
        public init(integerLiteral value: Int) { self = .index(value) }
    }

    /// The steps from the root, outermost first.
    public var components: [Component]

    /// Creates a key path from its components; no components means the root.
    public init(_ components: [Component] = []) { self.components = components }

    /// Creates a key path from literal components: `["NSExtension", "Types", 0]`.
    public init(arrayLiteral elements: Component...) { self.components = elements }

    /// The empty path: the root value.
    public static let root = PropertyListKeyPath()

    /// Whether this is the root path.
    public var isRoot: Bool { components.isEmpty }

    /// This path followed by a dictionary key.
    public func appending(_ key: String) -> PropertyListKeyPath {
        PropertyListKeyPath(components + [.key(key)])
    }

    /// This path followed by an array index.
    public func appending(index: Int) -> PropertyListKeyPath {
        PropertyListKeyPath(components + [.index(index)])
    }

    /// Keys joined by `.`, indexes in brackets; the empty path reads "the root".
    public var description: String {
        if components.isEmpty { return "the root" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}
