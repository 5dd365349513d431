/// Splits a format string's UTF-8 bytes into tokens in one pass.
///
/// The lexer never throws: a lexing error becomes a final ``TokenKind/invalid(_:_:)`` token,
/// which the parser reports when it reaches it, so errors come out in source order.
struct Lexer {
    /// The source bytes.
    let source: [UInt8]
    /// The current byte offset.
    var position = 0
    /// The number of `%` specifiers seen so far.
    var argumentCount = 0
    /// The tokens produced so far.
    var tokens: [Token] = []
    /// Where a lexing error lies when that is not the start of its token (a bad escape).
    var errorOffset: Int?

    /// Creates a lexer over `source`.
    init(_ source: [UInt8]) {
        self.source = source
        // The corpus's rules make a token for every two or three bytes ("$a.x", "(", "=="):
        // a quarter of the byte count left most of them growing the array once, a third of
        // the time a catalog read spent parsing. Half is enough for all but a run of
        // one-byte tokens.
        tokens.reserveCapacity(source.count / 2 + 2)
    }

    /// Lexes the whole source; the last token is `.end` or `.invalid`.
    static func tokenize(_ source: [UInt8]) -> [Token] {
        var lexer = Lexer(source)
        lexer.run()
        return lexer.tokens
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < source.count ? source[offset] : 0
    }

    /// Lexes tokens until the end or the first error.
    mutating func run() {
        while true {
            skipWhitespace()
            let start = position
            guard position < source.count else {
                let endOffset = tokens.last.map { $0.end < source.count ? $0.end + 1 : $0.end } ?? 0
                tokens.append(Token(kind: .end, start: endOffset, end: endOffset))
                return
            }
            let kind = lexToken()
            if case .invalid = kind {
                tokens.append(Token(kind: kind, start: errorOffset ?? start, end: position))
                return
            }
            tokens.append(Token(kind: kind, start: start, end: position))
        }
    }

    /// Skips spaces, tabs, line breaks, form feeds, vertical tabs and no-break spaces.
    mutating func skipWhitespace() {
        while position < source.count {
            switch source[position] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case 0xC2 where byte(at: position + 1) == 0xA0:
                position += 2
            default:
                return
            }
        }
    }

    /// Lexes one token starting at `position`, which is not whitespace nor the end.
    mutating func lexToken() -> TokenKind {
        let first = source[position]
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return lexString(quote: first)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return lexNumber()
        case UInt8(ascii: "$"):
            return lexVariable()
        case UInt8(ascii: "@"):
            return lexCollectionOperator()
        case UInt8(ascii: "#"):
            return lexEscapedIdentifier()
        case UInt8(ascii: "%"):
            return lexFormatSpecifier()
        default:
            if Lexer.isIdentifierStart(first) { return lexWord() }
            return lexOperator(first)
        }
    }

    /// Lexes a symbol: punctuation or an operator.
    mutating func lexOperator(_ first: UInt8) -> TokenKind {
        let next = byte(at: position + 1)
        position += 1
        func two(_ kind: TokenKind) -> TokenKind {
            position += 1
            return kind
        }
        switch first {
        case UInt8(ascii: "("): return .punctuation(.openParen)
        case UInt8(ascii: ")"): return .punctuation(.closeParen)
        case UInt8(ascii: "{"): return .punctuation(.openBrace)
        case UInt8(ascii: "}"): return .punctuation(.closeBrace)
        case UInt8(ascii: "["): return .punctuation(.openBracket)
        case UInt8(ascii: "]"): return .punctuation(.closeBracket)
        case UInt8(ascii: ","): return .punctuation(.comma)
        case UInt8(ascii: "."): return .punctuation(.dot)
        case UInt8(ascii: "+"): return .punctuation(.plus)
        case UInt8(ascii: "-"): return .punctuation(.minus)
        case UInt8(ascii: "/"): return .punctuation(.slash)
        case UInt8(ascii: "*"):
            return next == UInt8(ascii: "*") ? two(.punctuation(.power)) : .punctuation(.star)
        case UInt8(ascii: "="):
            switch next {
            case UInt8(ascii: "="): return two(.comparison(.equalTo))
            case UInt8(ascii: "<"): return two(.comparison(.lessThanOrEqualTo))
            case UInt8(ascii: ">"): return two(.comparison(.greaterThanOrEqualTo))
            default: return .comparison(.equalTo)
            }
        case UInt8(ascii: "<"):
            switch next {
            case UInt8(ascii: "="): return two(.comparison(.lessThanOrEqualTo))
            case UInt8(ascii: ">"): return two(.comparison(.notEqualTo))
            default: return .comparison(.lessThan)
            }
        case UInt8(ascii: ">"):
            return next == UInt8(ascii: "=") ? two(.comparison(.greaterThanOrEqualTo)) : .comparison(.greaterThan)
        case UInt8(ascii: "!"):
            return next == UInt8(ascii: "=") ? two(.comparison(.notEqualTo)) : .punctuation(.not)
        case UInt8(ascii: "&") where next == UInt8(ascii: "&"):
            return two(.punctuation(.and))
        case UInt8(ascii: "|") where next == UInt8(ascii: "|"):
            return two(.punctuation(.or))
        case UInt8(ascii: ":") where next == UInt8(ascii: "="):
            return two(.punctuation(.assign))
        default:
            position -= 1
            return invalidCharacter()
        }
    }

    /// An `.invalidCharacter` token for the character at `position`, which it consumes.
    mutating func invalidCharacter() -> TokenKind {
        let start = position
        position += 1
        while position < source.count, source[position] & 0xC0 == 0x80 { position += 1 }
        let text = String(decoding: source[start..<position], as: UTF8.self)
        let hint: String
        switch text {
        case "&": hint = " (write '&&' or AND)"
        case "|": hint = " (write '||' or OR)"
        case ":": hint = " (':=' is the only token with ':')"
        default: hint = ""
        }
        return .invalid(.invalidCharacter, "unexpected character '\(text)'\(hint); it starts no token")
    }
}
