extension Lexer {
    /// Lexes a string in `"…"` or `'…'`; the other quote kind is ordinary text inside it.
    mutating func lexString(quote: UInt8) -> TokenKind {
        position += 1
        let contentStart = position
        var hasEscape = false
        while position < source.count, source[position] != quote {
            if source[position] == UInt8(ascii: "\\") {
                hasEscape = true
                position += 1
            }
            position += 1
        }
        guard position < source.count else {
                let quoteText = quote == UInt8(ascii: "\"") ? "\"" : "'"
            return .invalid(.unterminatedString, "unterminated string: expected a closing \(quoteText) before the end of the format string")
        }
        let contentEnd = position
        position += 1
        guard hasEscape else {
            return .string(String(decoding: source[contentStart..<contentEnd], as: UTF8.self))
        }
        return decodeEscapes(contentStart, contentEnd)
    }

    /// Decodes the escapes of string content `source[from..<to]`.
    mutating func decodeEscapes(_ from: Int, _ to: Int) -> TokenKind {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(to - from)
        var i = from
        var pendingHighSurrogate: (value: UInt32, offset: Int)?
        while i < to {
            let byte = source[i]
            guard byte == UInt8(ascii: "\\") else {
                if let pending = pendingHighSurrogate { return loneSurrogate(pending.value, at: pending.offset) }
                bytes.append(byte)
                i += 1
                continue
            }
            let escapeStart = i
            let letter = source[i + 1]
            i += 2
            var scalarValue: UInt32
            switch letter {
            case UInt8(ascii: "n"): scalarValue = 0x0A
            case UInt8(ascii: "t"): scalarValue = 0x09
            case UInt8(ascii: "r"): scalarValue = 0x0D
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): scalarValue = UInt32(letter)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                scalarValue = UInt32(letter - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, i < to, source[i] >= UInt8(ascii: "0"), source[i] <= UInt8(ascii: "7") {
                    scalarValue = scalarValue * 8 + UInt32(source[i] - UInt8(ascii: "0"))
                    digits += 1
                    i += 1
                }
            case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "u"), UInt8(ascii: "U"):
                let width = (letter | 0x20) == UInt8(ascii: "x") ? 2 : 4
                guard i + width <= to else { return invalidEscape(escapeStart, i, "it needs \(width) hexadecimal digits") }
                scalarValue = 0
                for _ in 0..<width {
                    guard let digit = Lexer.digitValue(source[i]) else {
                        return invalidEscape(escapeStart, i + 1, "it needs \(width) hexadecimal digits")
                    }
                    scalarValue = scalarValue * 16 + UInt32(digit)
                    i += 1
                }
            default:
                var end = i
                while end < to, source[end] & 0xC0 == 0x80 { end += 1 }
                return invalidEscape(escapeStart, end, "use \\n \\t \\r \\\\ \\' \\\" \\ooo \\xHH or \\uHHHH")
            }
            if let pending = pendingHighSurrogate {
                guard scalarValue >= 0xDC00 && scalarValue <= 0xDFFF else { return loneSurrogate(pending.value, at: pending.offset) }
                scalarValue = 0x10000 + ((pending.value - 0xD800) << 10) + (scalarValue - 0xDC00)
                pendingHighSurrogate = nil
            } else if scalarValue >= 0xD800 && scalarValue <= 0xDBFF {
                pendingHighSurrogate = (scalarValue, escapeStart)
                continue
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { return loneSurrogate(scalarValue, at: escapeStart) }
            bytes.append(contentsOf: String(Character(scalar)).utf8)
        }
        if let pending = pendingHighSurrogate { return loneSurrogate(pending.value, at: pending.offset) }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    /// An `.invalidEscape` token for `source[start..<end]`, positioned at the escape.
    mutating func invalidEscape(_ start: Int, _ end: Int, _ reason: String) -> TokenKind {
        let text = String(decoding: source[start..<min(end, source.count)], as: UTF8.self)
        errorOffset = start
        return .invalid(.invalidEscape, "invalid escape '\(text)' in string: \(reason)")
    }

    /// An `.invalidEscape` token for a UTF-16 surrogate that is not part of a pair.
    mutating func loneSurrogate(_ value: UInt32, at offset: Int) -> TokenKind {
        errorOffset = offset
        let hex = String(value, radix: 16, uppercase: true)
        return .invalid(.invalidEscape, "invalid escape in string: U+\(hex) is a lone surrogate, not a character")
    }
}
