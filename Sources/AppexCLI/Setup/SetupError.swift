import SystemSupport

/// Why `appex setup` (or `appex setup --remove`) wrote nothing, or stopped.
struct SetupError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    struct Code: ErrorCode {
        /// The code's stable name.
        let rawValue: String
        /// Creates a code from its stable name.
        init(rawValue: String) { self.rawValue = rawValue }

        /// Neither `--data-home`/`--config-home` nor the XDG variables say where to write,
        /// and `HOME` is unset or not an absolute path.
        static let noHome = Code("no-home")
        /// The path of the `appex` executable cannot be found (`/proc/self/exe`) or cannot be
        /// written in an `Exec` line (a control character, or `=` which the Desktop Entry
        /// specification forbids in the program's path).
        static let unusableExecutable = Code("unusable-executable")
        /// A file setup would write is already there and setup did not write it (or the user
        /// changed it since); nothing was written.
        static let conflict = Code("conflict")
        /// The record of what setup wrote cannot be read or parsed.
        static let badRecord = Code("bad-record")
        /// Creating, writing, renaming or removing a file failed.
        static let fileSystem = Code("file-system")
    }

    /// What kind of problem this is.
    var code: Code
    /// What was wrong, naming the path.
    var message: String

    /// Creates an error.
    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
