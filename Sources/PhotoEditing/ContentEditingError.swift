import SystemSupport

/// Why an edit could not go on in the extension: the host's messages came out of order,
/// or the placeholder image could not be made.
public struct ContentEditingError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `out-of-order`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Start after start, or finish or cancel before start or after the end.
        public static let outOfOrder = Code("out-of-order")
        /// The display-size image is not an image of the editor's placeholder type.
        public static let placeholderUnreadable = Code("placeholder-unreadable")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
