import ExtensionIPC
import Glibc

/// Lines typed at the terminal, read without holding a thread while the user thinks.
enum StandardInput {
    /// The next line of standard input without its newline; `nil` at the end of input.
    ///
    /// The event loop says when descriptor 0 is readable, then the line is read (a
    /// terminal in canonical mode hands over whole lines). Standard input that epoll cannot
    /// watch (a regular file) never blocks, so it is read directly.
    static func readLine() async -> String? {
        if let loop = try? EventLoop.shared() { await loop.waitUntilReadable(STDIN_FILENO) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
