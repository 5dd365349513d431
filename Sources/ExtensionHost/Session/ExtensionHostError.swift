import SystemSupport
import ExtensionIPC

/// Why a run of an extension failed: each limit and misbehaviour has its own code.
public struct ExtensionHostError: SimpleAppexError, Hashable {
    /// Which failure; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// bubblewrap is not installed and the sandbox was not waived.
        public static let sandboxUnavailable = Code("sandbox-unavailable")
        /// The process could not be started.
        public static let launchFailed = Code("launch-failed")
        /// The extension's executable or Info.plist is not as sealed at install (changed,
        /// replaced or gone): the run is refused (docs/REGISTRY.md, "The seal").
        public static let bundleModified = Code("bundle-modified")
        /// The extension did not say hello in time.
        public static let startTimedOut = Code("start-timed-out")
        /// The extension died of a signal it did not get from Appex (a crash).
        public static let crashed = Code("crashed")
        /// The extension exited before completing or cancelling.
        public static let exitedEarly = Code("exited-early")
        /// Over the memory cap.
        public static let memoryLimitExceeded = Code("memory-limit-exceeded")
        /// At the task cap: too many processes and threads (a fork bomb).
        public static let taskLimitExceeded = Code("task-limit-exceeded")
        /// What it wrote would have passed the disk limit (``LaunchOptions/diskCap``).
        public static let diskLimitExceeded = Code("disk-limit-exceeded")
        /// Over the wall-clock limit (a hang, or a request never completed).
        public static let wallClockLimitExceeded = Code("wall-clock-limit-exceeded")
        /// The extension broke the protocol (garbage frames, over-size or too many messages).
        public static let protocolViolation = Code("protocol-violation")
        /// The host ended the request (``ExtensionRunControl/end()``: the user dismissed the sheet).
        public static let endedByHost = Code("ended-by-host")
        /// A widget did not complete its update (call its completion handler) in time.
        public static let updateTimedOut = Code("update-timed-out")
        /// A photo editor did not answer a query, start, finish or cancel in time.
        public static let editTimedOut = Code("edit-timed-out")
        /// A keyboard did not answer a key in time (docs/KEYBOARDS.md, "When a keyboard fails").
        public static let keyTimedOut = Code("key-timed-out")
        /// A file provider did not answer a call within its limit (docs/STORAGE-PROVIDERS.md).
        public static let providerTimedOut = Code("provider-timed-out")
        /// The extension is not of a runnable kind (no executable, wrong point).
        public static let notRunnable = Code("not-runnable")
    }

    /// Which failure.
    public var code: Code
    /// What happened, naming the extension.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
