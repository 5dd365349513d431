import SystemSupport
/// Why the runtime could not start or serve the request.
public struct RuntimeError: SimpleAppexError, Hashable {
    /// What went wrong; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The process was not started by a host (no `APPEX_CHANNEL_FD`).
        public static let notLaunchedByHost = Code("not-launched-by-host")
        /// The host broke the protocol or went away.
        public static let protocolFailure = Code("protocol-failure")
        /// The returned items could not be sent.
        public static let returnFailure = Code("return-failure")
    }

    /// What went wrong.
    public var code: Code
    /// What happened.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
