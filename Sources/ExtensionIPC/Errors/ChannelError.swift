import SystemSupport
/// Why a frame could not be sent or received on a ``Channel``.
///
/// Every failure is a value: bad input from the peer (garbage, a lying length, too many
/// descriptors, a flood) never crashes the receiver and never makes it allocate what the
/// peer asked for.
public struct ChannelError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `bad-magic`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The bytes where a frame header starts are not the magic `APXF`.
        public static let badMagic = Code(rawValue: "bad-magic")
        /// The header's protocol version is not one this side speaks.
        public static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// A header announces a payload larger than ``ChannelLimits/maxFrameSize``.
        public static let frameTooLarge = Code(rawValue: "frame-too-large")
        /// The peer closed the channel in the middle of a frame.
        public static let truncated = Code(rawValue: "truncated")
        /// The peer closed the channel (or this side did) between frames.
        public static let closed = Code(rawValue: "closed")
        /// More descriptors than ``ChannelLimits/maxDescriptorsPerFrame`` in one frame, or
        /// more arrived than any frame claimed.
        public static let tooManyDescriptors = Code(rawValue: "too-many-descriptors")
        /// A frame declares descriptors that did not arrive with it.
        public static let missingDescriptors = Code(rawValue: "missing-descriptors")
        /// The task waiting to send or receive was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// The peer sent more frames per second than ``ChannelLimits/maxFramesPerSecond``.
        public static let frameRateExceeded = Code(rawValue: "frame-rate-exceeded")
        /// The peer sent more bytes per second than ``ChannelLimits/maxBytesPerSecond``.
        public static let byteRateExceeded = Code(rawValue: "byte-rate-exceeded")
        /// A payload is not the property list the caller expected.
        public static let invalidPayload = Code(rawValue: "invalid-payload")
        /// A system call failed; ``ChannelError/errno`` holds the error number.
        public static let systemError = Code(rawValue: "system-error")
    }

    /// What kind of error this is.
    public var code: Code
    /// What happened, naming the offending value.
    public var message: String
    /// The system error number, for ``Code/systemError`` (and closes reported by the system).
    public var errno: Int32?

    /// Creates an error.
    public init(code: Code, message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }
}

extension ChannelError {
    /// A failed system call, with the system's text for `errno`.
    static func system(_ call: String, _ errno: Int32) -> ChannelError {
        ChannelError(code: .systemError, message: "\(call) failed: \(SystemErrorText.text(errno))", errno: errno)
    }
}
