import Glibc

/// The terminal in raw mode for as long as a body runs: keys arrive one by one, unechoed;
/// the previous mode comes back however the body ends.
enum TerminalMode {
    /// Runs `body` with standard input in raw mode (no echo, no line buffering, no signals
    /// from Ctrl-C: the sheet reads it as Cancel).
    static func withRawInput<T>(_ body: () async throws -> T) async rethrows -> T {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return try await body() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        return try await body()
    }

    /// The terminal's height in rows (24 when it does not say).
    static var rows: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return 24 }
        return Int(size.ws_row)
    }

    /// The terminal's width in columns (80 when it does not say).
    static var columns: Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
