/// Turns byte offsets into lines and columns, scanning forward from the last position it
/// computed, so that positions asked for in document order cost O(file size) in total.
struct PositionTracker {
    private let bytes: [UInt8]
    private var offset: Int
    private var line = 1
    private var column = 1
    private let origin: Int

    /// Starts at `origin` (after a byte-order mark), which is line 1, column 1.
    init(bytes: [UInt8], origin: Int) {
        self.bytes = bytes
        self.offset = origin
        self.origin = origin
    }

    /// The position of byte `target`.
    mutating func position(at target: Int) -> SourcePosition {
        let target = min(max(origin, target), bytes.count)
        if target < offset {
            offset = origin
            line = 1
            column = 1
        }
        var index = offset
        while index < target {
            let byte = bytes[index]
            if byte == 0x0A {
                if !(index > origin && bytes[index - 1] == 0x0D) { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        offset = target
        return SourcePosition(line: line, column: column, offset: target)
    }
}
