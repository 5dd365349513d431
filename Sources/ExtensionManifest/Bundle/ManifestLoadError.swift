import PropertyLists

/// A path that cannot be read as an extension at all: missing, not a plist, malformed.
public struct ManifestLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is; extensible.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The path does not exist.
        public static let notFound = Code("not-found")
        /// The property list cannot be parsed; ``ManifestLoadError/propertyListError`` says where.
        public static let unreadablePropertyList = Code("unreadable-property-list")
        /// A folder that is neither an `.app` nor an `.appex` with an Info.plist.
        public static let notABundle = Code("not-a-bundle")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the file.
    public var message: String
    /// The parser's error, with its position and key path, when the plist is malformed.
    public var propertyListError: PropertyListError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, propertyListError: PropertyListError? = nil) {
        self.code = code
        self.message = message
        self.propertyListError = propertyListError
    }

    public var description: String { propertyListError.map { "\($0)" } ?? message }
}
