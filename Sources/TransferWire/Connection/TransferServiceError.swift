import SystemSupport

/// Why the transfer service could not be reached or refused a request.
public struct TransferServiceError: SimpleAppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `unavailable`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The service's socket does not answer and the service could not be started.
        public static let unavailable = Code("unavailable")
        /// The connection broke, or the service sent what this side cannot read.
        public static let connectionLost = Code("connection-lost")
        /// The service refused the request; the message says why (docs/TRANSFERS.md).
        public static let refused = Code("refused")
        /// The service did not answer in time.
        public static let timedOut = Code("timed-out")
    }

    /// What kind of error this is.
    public var code: Code
    /// What happened, naming the offending value.
    public var message: String
    /// Apple's `NSURLErrorDomain` code of a refusal (`-995`, `-996`, …), else `-1`.
    public var urlErrorCode: Int = -1

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The service's own code of a refusal (`not-entitled`, `session-in-use`, …), else `nil`.
    public var serviceCode: String?

    /// The service's refusal.
    package init(_ failure: TransferFailure) {
        self.init(.refused, "\(failure.code): \(failure.message)")
        urlErrorCode = failure.urlErrorCode
        serviceCode = failure.code
    }
}
