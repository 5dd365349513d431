/// Line lookups in UTF-8 source bytes, for diagnostics.
struct SourceText: Sendable {
    /// The source, UTF-8 (a UTF-16 file is transcoded first).
    let bytes: [UInt8]

    /// Whether `bytes[index]` ends a line (`\n`, or `\r` not followed by `\n`).
    private func endsLine(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0x0A { return true }
        return byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)
    }

    /// The 1-based line `number`, without its line break, or `nil` past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = 0
        var index = 0
        while current < number {
            guard index < bytes.count else { return nil }
            if endsLine(at: index) {
                current += 1
                start = index + 1
            }
            index += 1
        }
        if start == bytes.count && number > 1 { return nil }
        return text(from: start)
    }

    /// The line that contains byte `offset` (clamped), without its line break.
    func lineContaining(offset: Int) -> String {
        var start = min(max(0, offset), bytes.count)
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return text(from: start)
    }

    private func text(from start: Int) -> String {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        var lineStart = start
        if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = min(3, end) }
        return String(decoding: bytes[lineStart..<end], as: UTF8.self)
    }
}
