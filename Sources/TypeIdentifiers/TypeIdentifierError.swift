import SystemSupport

/// An error from the type identifier system: a malformed identifier or tag, a bad
/// declaration in an Info.plist, or a file that cannot be examined.
public struct TypeIdentifierError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `invalid-identifier`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier is empty, too long, or has characters outside A–Z a–z 0–9 `-` `.` and non-ASCII.
        public static let invalidIdentifier = Code("invalid-identifier")
        /// A filename extension or MIME type that cannot be a tag.
        public static let invalidTag = Code("invalid-tag")
        /// A declaration that cannot be registered (dynamic identifier, bad shape, cycle).
        public static let invalidDeclaration = Code("invalid-declaration")
        /// A property list that cannot be read.
        public static let unreadablePropertyList = Code("unreadable-property-list")
        /// A file that does not exist or cannot be read.
        public static let unreadableFile = Code("unreadable-file")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong and where, naming the offending value.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
