extension Lexer {
    /// Lexes a number: a decimal integer, a decimal with fraction and/or exponent, or an
    /// integer with a `0x`, `0o` or `0b` prefix.
    mutating func lexNumber() -> TokenKind {
        let start = position
        if source[position] == UInt8(ascii: "0") {
            switch byte(at: position + 1) | 0x20 {
            case UInt8(ascii: "x"): return lexPrefixedInteger(radix: 16, start: start)
            case UInt8(ascii: "o"): return lexPrefixedInteger(radix: 8, start: start)
            case UInt8(ascii: "b"): return lexPrefixedInteger(radix: 2, start: start)
            default: break
            }
        }
        skipDigits()
        var isInteger = true
        if byte(at: position) == UInt8(ascii: "."), Lexer.isDigit(byte(at: position + 1)) {
            isInteger = false
            position += 1
            skipDigits()
        }
        if byte(at: position) | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            guard Lexer.isDigit(byte(at: position)) else {
                return invalidNumber(start, "its exponent has no digits")
            }
            skipDigits()
        }
        if Lexer.isIdentifierByte(byte(at: position)) || byte(at: position) == UInt8(ascii: ".")
            && Lexer.isDigit(byte(at: position + 1)) {
            skipNumberTail()
            return invalidNumber(start, "it is followed by letters or digits that belong to no number")
        }
        let text = String(decoding: source[start..<position], as: UTF8.self)
        if isInteger {
            if let value = Int(text) { return .number(.integer(value)) }
            if text.drop(while: { $0 == "0" }) == "9223372036854775808" { return .number(.intMinMagnitude) }
        }
        guard let value = Double(text), value.isFinite else {
            return invalidNumber(start, "it is out of range")
        }
        return .number(.double(value))
    }

    /// Lexes `0x…`, `0o…` or `0b…` with `position` at the `0`.
    mutating func lexPrefixedInteger(radix: UInt64, start: Int) -> TokenKind {
        position += 2
        var value: UInt64 = 0
        var digitCount = 0
        var overflow = false
        while position < source.count, let digit = Lexer.digitValue(source[position]), UInt64(digit) < radix {
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            value = sum
            digitCount += 1
            position += 1
        }
        if Lexer.isIdentifierByte(byte(at: position)) {
            skipNumberTail()
            return invalidNumber(start, "it has a digit that is not valid in base \(radix)")
        }
        guard digitCount > 0 else { return invalidNumber(start, "it has no digits after its prefix") }
        if overflow || value > UInt64(Int.max) + 1 { return invalidNumber(start, "it does not fit a 64-bit integer") }
        if value == UInt64(Int.max) + 1 { return .number(.intMinMagnitude) }
        return .number(.integer(Int(value)))
    }

    /// Skips ASCII digits.
    mutating func skipDigits() {
        while position < source.count, Lexer.isDigit(source[position]) { position += 1 }
    }

    /// Skips the rest of a malformed number so that the message can quote all of it.
    mutating func skipNumberTail() {
        while position < source.count, Lexer.isIdentifierByte(source[position]) || source[position] == UInt8(ascii: ".") {
            position += 1
        }
    }

    /// An `.invalidNumber` token quoting the number from `start`.
    func invalidNumber(_ start: Int, _ reason: String) -> TokenKind {
        let text = String(decoding: source[start..<max(position, start + 1)], as: UTF8.self)
        return .invalid(.invalidNumber, "invalid number '\(text)': \(reason)")
    }

    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The value of an ASCII hexadecimal digit.
    @inline(__always)
    static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
