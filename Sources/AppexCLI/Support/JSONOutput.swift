import Foundation

/// Renders `--json` output: sorted keys, pretty-printed, no escaped slashes, so that output
/// is stable for snapshots and scripts.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return collapsingEmptyContainers(String(decoding: data, as: UTF8.self))
    }

    /// `[]` and `{}` for empty containers, where the encoder prints an empty line between
    /// the brackets (`[`, newline, spaces, newline, spaces, `]`). A newline inside a string
    /// is escaped, so only layout is touched. One pass over the bytes: two regular
    /// expressions over a share's output (a thousand extensions) took 5 % of `appex share`.
    static func collapsingEmptyContainers(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        /// The index after `spaces` from `index`.
        func skippingSpaces(from index: Int) -> Int {
            var index = index
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            return index
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                var next = index + 1
                if next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
                    next = skippingSpaces(from: next + 1)
                    if next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
                        next = skippingSpaces(from: next + 1)
                        if next < bytes.count, bytes[next] == close {
                            output += [byte, close]
                            index = next + 1
                            continue
                        }
                    }
                }
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
