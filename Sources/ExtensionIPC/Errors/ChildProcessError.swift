import SystemSupport
/// Why a child process could not be started or supervised.
package struct ChildProcessError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    package struct Code: ErrorCode {
        /// The code's stable name, such as `sandbox-unavailable`.
        package let rawValue: String
        /// Creates a code from its stable name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// bubblewrap is not installed and the caller asked for a sandbox.
        package static let sandboxUnavailable = Code(rawValue: "sandbox-unavailable")
        /// `posix_spawn` failed (missing executable, no permission, …).
        package static let spawnFailed = Code(rawValue: "spawn-failed")
        /// The configuration cannot be launched (an empty path, a NUL in an argument, …).
        package static let invalidConfiguration = Code(rawValue: "invalid-configuration")
        /// A system call failed while supervising the child.
        package static let systemError = Code(rawValue: "system-error")
    }

    /// What kind of error this is.
    package var code: Code
    /// What happened, naming the offending value.
    package var message: String
    /// The system error number, when a system call failed.
    package var errno: Int32?

    /// Creates an error.
    package init(code: Code, message: String, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.errno = errno
    }
}
