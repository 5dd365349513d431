/// Why a ``FileLock`` could not be taken; the message names the file and the system's error.
package struct FileLockError: AppexError, Hashable {
    /// What failed; extensible.
    package struct Code: ErrorCode {
        /// The code's stable name, such as `cannot-open`.
        package let rawValue: String
        /// Creates a code from its stable name.
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The lock file could not be opened or created.
        package static let cannotOpen = Code("cannot-open")
        /// `flock` failed for a reason other than an interruption.
        package static let cannotLock = Code("cannot-lock")
    }

    /// What failed.
    package var code: Code
    /// What failed, naming the file and the system's error: `cannot lock /x/registry.lock: ENOLCK (No locks available)`.
    package var message: String
    /// The system's error number.
    package var errno: Int32

    /// Creates an error.
    package init(code: Code, message: String, errno: Int32) {
        self.code = code
        self.message = message
        self.errno = errno
    }
}
