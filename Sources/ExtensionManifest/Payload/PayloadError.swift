import SystemSupport

/// A payload that cannot be built: an unknown preset, a malformed `--item`, an unreadable input.
public struct PayloadError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `invalid-preset`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An unknown preset name, or a bad count.
        public static let invalidPreset = Code("invalid-preset")
        /// An `--item` that is not a comma-separated list of type identifiers.
        public static let invalidItem = Code("invalid-item")
        /// A file or URL input that cannot be used.
        public static let invalidInput = Code("invalid-input")
    }

    /// What kind of problem this is.
    public var code: Code
    /// What was wrong, naming the offending text.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
