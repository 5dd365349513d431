import SystemSupport
/// A message that could not be written or read, or a peer that broke the protocol.
public struct WireProtocolError: SimpleAppexError, Hashable {
    /// What went wrong; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A message could not be encoded.
        public static let encoding = Code("encoding")
        /// A frame's payload is not the message its kind says.
        public static let malformed = Code("malformed")
        /// A frame kind this version does not know.
        public static let unknownKind = Code("unknown-kind")
        /// A message that is valid but not allowed now (a load before begin, a second hello).
        public static let unexpected = Code("unexpected")
        /// The peer speaks another protocol version.
        public static let versionMismatch = Code("version-mismatch")
    }

    /// What went wrong.
    public var code: Code
    /// What happened, naming the message and the field.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
