import Foundation

/// Base64 as property lists use it: whitespace anywhere, any other character an error
/// (CoreFoundation skips such characters silently; Appex reports them), and the last group
/// padded to 4 characters with `=` (CoreFoundation decodes only whole groups of 4, `=`
/// counted, and drops an unpadded last group silently; Appex reports it).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let table: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(value) }
        return table
    }()

    /// Decodes `text`, stopping early with `tooLong` once more than `limit` bytes result.
    static func decode(_ text: [UInt8], limit: Int) -> Result<Data, DecodeError> {
        var output = [UInt8]()
        output.reserveCapacity(min(limit, text.count / 4 * 3 + 3))
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        for (index, byte) in text.enumerated() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2, pending >= 2 else { return .failure(.invalidCharacter(index, byte)) }
                continue
            default:
                let value = table[Int(byte)]
                guard value >= 0, padding == 0 else { return .failure(.invalidCharacter(index, byte)) }
                accumulator = accumulator << 6 | UInt32(value)
                pending += 1
                if pending == 4 {
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                    output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                    output.append(UInt8(truncatingIfNeeded: accumulator))
                    accumulator = 0
                    pending = 0
                    if output.count > limit { return .failure(.tooLong) }
                }
            }
        }
        // A last group of 2 or 3 characters counts for CoreFoundation only when '=' pads it to 4.
        if pending >= 2, pending + padding < 4 { return .failure(.unpadded(characters: pending, bytes: pending - 1)) }
        switch pending {
        case 0:
            break
        case 2:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            return .failure(.incomplete)
        }
        if output.count > limit { return .failure(.tooLong) }
        return .success(Data(output))
    }

    /// Why decoding failed.
    enum DecodeError: Error {
        /// A byte outside the alphabet, or after padding, at an index of the input.
        case invalidCharacter(Int, UInt8)
        /// A lone final character (the input's length is 1 more than a multiple of 4).
        case incomplete
        /// A last group of 2 or 3 characters without the `=` that pads it to 4, and the
        /// bytes it would have given.
        case unpadded(characters: Int, bytes: Int)
        /// More decoded bytes than the limit.
        case tooLong
    }

    /// Encodes `data` in lines of at most `lineLength` characters (a multiple of 4).
    static func encodedLines(_ data: Data, lineLength: Int) -> [String] {
        let encoded = Array(data.base64EncodedString().utf8)
        var lines: [String] = []
        var start = 0
        while start < encoded.count {
            let end = min(encoded.count, start + lineLength)
            lines.append(String(decoding: encoded[start..<end], as: UTF8.self))
            start = end
        }
        return lines
    }
}
