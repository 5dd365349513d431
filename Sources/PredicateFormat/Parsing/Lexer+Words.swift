extension Lexer {
    /// Whether `byte` can start a key name: an ASCII letter, `_`, or any non-ASCII byte.
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Whether `byte` can continue a key name: a start byte or an ASCII digit.
    @inline(__always)
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether `text` is a key name the lexer would read as one identifier (ignoring reserved words).
    /// A no-break space (U+00A0, `C2 A0`) is whitespace to the lexer, so it never belongs to one.
    static func isIdentifier<S: Sequence<UInt8>>(_ text: S) -> Bool {
        var isFirst = true
        var previous: UInt8 = 0
        for byte in text {
            if isFirst ? !isIdentifierStart(byte) : !isIdentifierByte(byte) { return false }
            if previous == 0xC2 && byte == 0xA0 { return false }
            isFirst = false
            previous = byte
        }
        return !isFirst
    }

    /// Advances past the identifier bytes at `position` and returns where they started.
    /// Stops at a no-break space, which the lexer skips as whitespace everywhere else.
    mutating func scanWord() -> Int {
        let start = position
        while position < source.count, Lexer.isIdentifierByte(source[position]) {
            if source[position] == 0xC2 && byte(at: position + 1) == 0xA0 { break }
            position += 1
        }
        return start
    }

    /// Lexes a word: a keyword, `UTI-CONFORMS-TO`/`UTI-EQUALS`, or a key name.
    mutating func lexWord() -> TokenKind {
        let start = scanWord()
        let word = source[start..<position]
        if word.count == 3, byte(at: position) == UInt8(ascii: "-"),
           (word[start] | 0x20) == UInt8(ascii: "u"), (word[start + 1] | 0x20) == UInt8(ascii: "t"),
           (word[start + 2] | 0x20) == UInt8(ascii: "i") {
            if matchSuffix("-CONFORMS-TO") { return .keyword(.utiConformsTo) }
            if matchSuffix("-EQUALS") { return .keyword(.utiEquals) }
        }
        if let keyword = Keyword.lookUp(word) { return .keyword(keyword) }
        return .identifier(String(decoding: word, as: UTF8.self))
    }

    /// Consumes `suffix` (ASCII uppercase) at `position` case-insensitively, when it is followed
    /// by a byte that cannot continue a word.
    mutating func matchSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard position + count <= source.count else { return false }
        let matched = suffix.withUTF8Buffer { expected -> Bool in
            for i in 0..<count {
                let byte = source[position + i]
                let folded = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                if folded != expected[i] { return false }
            }
            return true
        }
        guard matched, !Lexer.isIdentifierByte(byte(at: position + count)) else { return false }
        position += count
        return true
    }

    /// Lexes `$name`.
    mutating func lexVariable() -> TokenKind {
        position += 1
        let start = scanWord()
        guard position > start else {
            return .invalid(.unexpectedToken, "expected a variable name after '$', found \(describeNext())")
        }
        return .variable(String(decoding: source[start..<position], as: UTF8.self))
    }

    /// Lexes `@name`, a collection operator such as `@count`.
    mutating func lexCollectionOperator() -> TokenKind {
        position += 1
        let start = scanWord()
        guard position > start else {
            return .invalid(.unexpectedToken,
                            "expected a collection operator such as @count after '@', found \(describeNext())")
        }
        return .collectionOperator("@" + String(decoding: source[start..<position], as: UTF8.self))
    }

    /// Lexes `#word`, a key name that may be a reserved word.
    mutating func lexEscapedIdentifier() -> TokenKind {
        position += 1
        let start = scanWord()
        guard position > start else {
            return .invalid(.unexpectedToken, "expected a key name after '#', found \(describeNext())")
        }
        if byte(at: start) >= UInt8(ascii: "0") && byte(at: start) <= UInt8(ascii: "9") {
            return .invalid(.unexpectedToken, "a key name after '#' cannot start with a digit")
        }
        return .identifier(String(decoding: source[start..<position], as: UTF8.self))
    }

    /// Lexes a `%` format specifier: `%@`, `%K`, `%d`, `%i`, `%u`, `%f`, `%e`, `%g` with
    /// optional `l`, `ll`, `q`, `h`, `z` length modifiers.
    mutating func lexFormatSpecifier() -> TokenKind {
        let start = position
        position += 1
        while position < source.count, "lqhz".utf8.contains(source[position]) { position += 1 }
        let conversion = byte(at: position)
        if position < source.count { position += 1 }
        let specifier: FormatSpecifier
        switch conversion {
        case UInt8(ascii: "@"): specifier = .object
        case UInt8(ascii: "K"): specifier = .keyPath
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "D"), UInt8(ascii: "U"):
            specifier = .integer
        case UInt8(ascii: "f"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "F"), UInt8(ascii: "E"),
             UInt8(ascii: "G"):
            specifier = .double
        case UInt8(ascii: "%") where position == start + 2:
            return .invalid(.unexpectedToken,
                            "'%%' (a literal percent sign) can only stand inside a quoted string")
        default:
            let text = String(decoding: source[start..<position], as: UTF8.self)
            return .invalid(.invalidArgument, "unknown format specifier '\(text)'; use %@, %K, %d, %i or %f")
        }
        defer { argumentCount += 1 }
        return .argument(specifier, index: argumentCount)
    }

    /// Names what is at `position`, for messages.
    func describeNext() -> String {
        guard position < source.count else { return "the end of the format string" }
        var end = position + 1
        while end < source.count, source[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: source[position..<end], as: UTF8.self))'"
    }
}
