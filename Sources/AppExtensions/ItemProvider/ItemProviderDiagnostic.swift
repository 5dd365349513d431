/// Something a provider noticed a handler or caller doing wrong that did not fail a load:
/// a completion handler called twice, or after the load timed out.
public struct ItemProviderDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, such as `completion-called-twice`.
        public let rawValue: String
        /// Creates a code.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A load handler called its completion handler again; the later call was ignored.
        public static let completionCalledTwice = Code("completion-called-twice")
        /// A load handler answered after the load had timed out; the answer was ignored.
        public static let completionAfterTimeout = Code("completion-after-timeout")
        /// A type identifier was registered twice; the later registration was ignored.
        public static let duplicateRegistration = Code("duplicate-registration")
        /// `init(item:typeIdentifier:)` got an item but no type identifier.
        public static let itemWithoutTypeIdentifier = Code("item-without-type-identifier")
        /// An item that is not a property-list value was offered for registration.
        public static let unsupportedItem = Code("unsupported-item")
    }

    /// What kind of problem this is.
    public var code: Code
    /// The type identifier involved.
    public var typeIdentifier: String
    /// What happened, naming the type.
    public var message: String

    /// Creates a diagnostic.
    public init(_ code: Code, typeIdentifier: String, _ message: String) {
        self.code = code
        self.typeIdentifier = typeIdentifier
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
