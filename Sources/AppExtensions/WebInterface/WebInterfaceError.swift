import SystemSupport

/// A message between an extension and its page that could not be sent or read.
public struct WebInterfaceError: AppexError, Hashable {
    /// What went wrong; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The message is over ``WebInterfaceMessage/maxBytes``.
        public static let tooLarge = Code("too-large")
        /// The message is not JSON, or not of the expected shape.
        public static let notJSON = Code("not-json")
        /// There is no page: the host shows none, or it is gone.
        public static let noPage = Code("no-page")
    }

    /// What went wrong.
    public var code: Code
    /// What, naming the offending value.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
