/// A line and column in a format string, computed from a byte offset only when an error is made.
struct SourceLocation: Sendable, Equatable {
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in characters.
    var column: Int
    /// The whole line, without its line break.
    var sourceLine: String

    /// Locates `offset` (clamped to the source) in `source`; `\n`, `\r\n` and `\r` end lines.
    init(offset: Int, in source: [UInt8]) {
        let offset = min(max(0, offset), source.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            let byte = source[i]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, i + 1 < source.count, source[i + 1] == 0x0A {
                    if i + 1 == offset { break }
                    i += 1
                }
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var lineEnd = offset
        while lineEnd < source.count, source[lineEnd] != 0x0A, source[lineEnd] != 0x0D { lineEnd += 1 }
        self.line = line
        self.column = String(decoding: source[lineStart..<offset], as: UTF8.self).count + 1
        self.sourceLine = String(decoding: source[lineStart..<lineEnd], as: UTF8.self)
    }
}
