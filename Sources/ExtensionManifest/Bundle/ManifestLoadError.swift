import PropertyLists
import SystemSupport

/// A path that cannot be read as an extension at all: missing, not a plist, malformed.
public struct ManifestLoadError: AppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

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
    public init(code: Code, message: String, propertyListError: PropertyListError? = nil) {
        self.code = code
        self.message = message
        self.propertyListError = propertyListError
    }

    /// Creates an error; the same as ``init(code:message:propertyListError:)``.
    public init(_ code: Code, _ message: String, propertyListError: PropertyListError? = nil) {
        self.init(code: code, message: message, propertyListError: propertyListError)
    }

    /// The parser's compiler-style error when there is one, else `<code>: <message>`.
    public var description: String { propertyListError.map { "\($0)" } ?? "\(code): \(message)" }
}
