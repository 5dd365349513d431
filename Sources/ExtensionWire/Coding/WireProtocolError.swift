import SystemSupport
/// A message that could not be written or read, or a peer that broke the protocol.
package struct WireProtocolError: SimpleAppexError, Hashable {
    /// What went wrong; extensible.
    package struct Code: ErrorCode {
        /// The code's stable name.
        package let rawValue: String
        /// Creates a code from its stable name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A message could not be encoded.
        package static let encoding = Code("encoding")
        /// A frame's payload is not the message its kind says.
        package static let malformed = Code("malformed")
        /// A frame kind this version does not know.
        package static let unknownKind = Code("unknown-kind")
        /// A message that is valid but not allowed now (a load before begin, a second hello).
        package static let unexpected = Code("unexpected")
        /// The peer speaks another protocol version.
        package static let versionMismatch = Code("version-mismatch")
    }

    /// What went wrong.
    package var code: Code
    /// What happened, naming the message and the field.
    package var message: String

    /// Creates an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
