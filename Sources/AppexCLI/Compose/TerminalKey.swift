import ExtensionIPC
import Glibc

/// One key from the terminal, decoded from the bytes it sends.
enum TerminalKey: Equatable {
    case text(String)
    case enter, backspace, tab, escape, up, down, left, right
    /// Ctrl-D: Post.
    case post
    /// Ctrl-C: Cancel.
    case interrupt
    /// The input ended.
    case end

    /// Reads the next key from standard input, waiting on the event loop until it is there;
    /// ``end`` when the task is cancelled.
    static func next(_ reader: inout TerminalKeyReader) async -> TerminalKey {
        while true {
            if let key = reader.decode() { return key }
            // A cancelled wait returns at once; reading then would block until a key.
            if Task.isCancelled { return .end }
            if let loop = try? EventLoop.shared() {
                // A lone ESC is the Escape key unless the rest of a sequence follows at once.
                if reader.pending == [0x1b], !(await readable(within: .milliseconds(50), loop: loop)) {
                    return reader.flush()
                }
                await loop.waitUntilReadable(STDIN_FILENO)
                if Task.isCancelled { return .end }
            }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return reader.pending.isEmpty ? .end : reader.flush() }
            reader.pending += buffer[0..<count]
        }
    }
}

/// Whether standard input becomes readable within `limit`.
private func readable(within limit: Duration, loop: EventLoop) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { await loop.waitUntilReadable(STDIN_FILENO); return true }
        group.addTask { await loop.sleep(for: limit); return false }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
    }
}

/// Bytes read but not yet decoded into keys.
struct TerminalKeyReader {
    var pending: [UInt8] = []

    /// The next whole key in `pending`, or `nil` when more bytes are needed.
    mutating func decode() -> TerminalKey? {
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1b:
            if pending.count >= 3, pending[1] == UInt8(ascii: "[") {
                defer { pending.removeFirst(3) }
                switch pending[2] {
                case UInt8(ascii: "A"): return .up
                case UInt8(ascii: "B"): return .down
                case UInt8(ascii: "C"): return .right
                case UInt8(ascii: "D"): return .left
                default: return .escape
                }
            }
            if pending.count >= 2, pending[1] != UInt8(ascii: "[") {
                pending.removeFirst()
                return .escape
            }
            if pending.count == 1 { return nil }
            return nil
        case 0x0d, 0x0a: pending.removeFirst(); return .enter
        case 0x7f, 0x08: pending.removeFirst(); return .backspace
        case 0x09: pending.removeFirst(); return .tab
        case 0x04: pending.removeFirst(); return .post
        case 0x03: pending.removeFirst(); return .interrupt
        case ..<0x20: pending.removeFirst(); return decode()
        default:
            // One UTF-8 character: its length from the first byte.
            let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
            guard pending.count >= length else { return nil }
            defer { pending.removeFirst(length) }
            return .text(String(decoding: pending[0..<length], as: UTF8.self))
        }
    }

    /// At the end of input: a lone ESC is Escape; anything else is dropped.
    mutating func flush() -> TerminalKey {
        defer { pending = [] }
        return pending.first == 0x1b ? .escape : .end
    }
}
