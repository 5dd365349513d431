import SystemSupport
/// Why a child process could not be started or supervised.
public struct ChildProcessError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `sandbox-unavailable`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// bubblewrap is not installed and the caller asked for a sandbox.
        public static let sandboxUnavailable = Code(rawValue: "sandbox-unavailable")
        /// `posix_spawn` failed (missing executable, no permission, …).
        public static let spawnFailed = Code(rawValue: "spawn-failed")
        /// The configuration cannot be launched (an empty path, a NUL in an argument, …).
        public static let invalidConfiguration = Code(rawValue: "invalid-configuration")
        /// A system call failed while supervising the child.
        public static let systemError = Code(rawValue: "system-error")
    }

    /// What kind of error this is.
    public var code: Code
    /// What happened, naming the offending value.
    public var message: String
    /// The system error number, when a system call failed.
    public var errno: Int32?

    /// Creates an error.
    public init(code: Code, message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }
}
