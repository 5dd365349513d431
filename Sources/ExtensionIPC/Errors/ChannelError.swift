import SystemSupport
/// Why a frame could not be sent or received on a ``Channel``.
///
/// Every failure is a value: bad input from the peer (garbage, a lying length, too many
/// descriptors, a flood) never crashes the receiver and never makes it allocate what the
/// peer asked for.
package struct ChannelError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    package struct Code: ErrorCode {
        /// The code's stable name, such as `bad-magic`.
        package let rawValue: String
        /// Creates a code from its stable name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The bytes where a frame header starts are not the magic `APXF`.
        package static let badMagic = Code(rawValue: "bad-magic")
        /// The header's protocol version is not one this side speaks.
        package static let unsupportedVersion = Code(rawValue: "unsupported-version")
        /// A header announces a payload larger than ``ChannelLimits/maxFrameSize``.
        package static let frameTooLarge = Code(rawValue: "frame-too-large")
        /// The peer closed the channel in the middle of a frame.
        package static let truncated = Code(rawValue: "truncated")
        /// The peer closed the channel (or this side did) between frames.
        package static let closed = Code(rawValue: "closed")
        /// More descriptors than ``ChannelLimits/maxDescriptorsPerFrame`` in one frame, or
        /// more arrived than any frame claimed.
        package static let tooManyDescriptors = Code(rawValue: "too-many-descriptors")
        /// A frame declares descriptors that did not arrive with it.
        package static let missingDescriptors = Code(rawValue: "missing-descriptors")
        /// The task waiting to send or receive was cancelled.
        package static let cancelled = Code(rawValue: "cancelled")
        /// The peer sent more frames per second than ``ChannelLimits/maxFramesPerSecond``.
        package static let frameRateExceeded = Code(rawValue: "frame-rate-exceeded")
        /// The peer sent more bytes per second than ``ChannelLimits/maxBytesPerSecond``.
        package static let byteRateExceeded = Code(rawValue: "byte-rate-exceeded")
        /// A payload is not the property list the caller expected.
        package static let invalidPayload = Code(rawValue: "invalid-payload")
        /// A system call failed; ``ChannelError/errno`` holds the error number.
        package static let systemError = Code(rawValue: "system-error")
    }

    /// What kind of error this is.
    package var code: Code
    /// What happened, naming the offending value.
    package var message: String
    /// The system error number, for ``Code/systemError`` (and closes reported by the system).
    package var errno: Int32?

    /// Creates an error.
    package init(code: Code, message: String, errno: Int32? = nil) {
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
