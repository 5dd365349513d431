/// A recursive-descent parser over the tokens of one format string.
///
/// Precedence, loosest first (docs/ACTIVATION.md, ruling 1): `OR`, `AND`, `NOT`, comparison, `UNION`/`INTERSECT`/
/// `MINUS`, `+ -`, `* /`, `**`, unary minus, postfix. Nesting is limited to
/// ``maximumDepth`` so that no input can overflow the stack.
struct Parser {
    /// The longest format string accepted, in UTF-8 bytes (64 KiB).
    static let maximumLength = 65_536
    /// The deepest nesting accepted.
    static let maximumDepth = 256

    /// The source bytes, for messages.
    let source: [UInt8]
    /// The tokens; the last one is `.end` or `.invalid`.
    let tokens: [Token]
    /// The values for the `%` specifiers, in order.
    let arguments: [PredicateValue]
    /// The index of the current token.
    var index = 0
    /// The current depth of the tree being built.
    var depth = 0
    /// The current nesting of parentheses.
    var parenthesisDepth = 0

    /// Lexes `format`, rejecting it if it is too long.
    init(format: String, arguments: [PredicateValue]) throws(PredicateSyntaxError) {
        var source: [UInt8] = []
        source.reserveCapacity(format.utf8.count)
        source.append(contentsOf: format.utf8)
        self.source = source
        self.arguments = arguments
        guard source.count <= Parser.maximumLength else {
            throw PredicateSyntaxError(
                .tooLong,
                "the format string is \(source.count) bytes long; the limit is \(Parser.maximumLength) bytes (64 KiB)",
                at: 0, in: source)
        }
        self.tokens = Lexer.tokenize(source)
    }

    // MARK: Tokens

    /// The current token.
    var current: Token { tokens[index] }
    /// The current token's kind.
    var kind: TokenKind { tokens[index].kind }

    /// The kind of the token `offset` places ahead (the last token when past the end).
    func peek(_ offset: Int) -> TokenKind {
        tokens[min(index + offset, tokens.count - 1)].kind
    }

    /// Moves to the next token (never past the last).
    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// Consumes the current token when it is `expected`.
    mutating func consume(_ expected: TokenKind) -> Bool {
        guard kind == expected else { return false }
        advance()
        return true
    }

    /// Whether the current token is the keyword `keyword`.
    func isKeyword(_ keyword: Keyword) -> Bool {
        if case .keyword(keyword) = kind { return true }
        return false
    }

    /// Consumes `expected` or throws an error saying that `what` was expected.
    mutating func expect(_ expected: TokenKind, _ what: String) throws(PredicateSyntaxError) {
        guard consume(expected) else { throw unexpected(expected: what) }
    }

    // MARK: Depth

    /// Enters one level of nesting, throwing `.tooDeep` past the limit.
    mutating func descend() throws(PredicateSyntaxError) {
        depth += 1
        guard depth <= Parser.maximumDepth else {
            throw error(.tooDeep, "the format string nests deeper than \(Parser.maximumDepth) levels at \(describe(current))")
        }
    }

    /// Leaves one level of nesting.
    mutating func ascend(_ levels: Int = 1) {
        depth -= levels
    }

    /// Enters a pair of parentheses, throwing `.tooDeep` past the limit.
    mutating func openParenthesis() throws(PredicateSyntaxError) {
        parenthesisDepth += 1
        guard parenthesisDepth <= Parser.maximumDepth else {
            throw error(.tooDeep, "parentheses nest deeper than \(Parser.maximumDepth) levels at \(describe(current))")
        }
    }

    /// Leaves a pair of parentheses.
    mutating func closeParenthesis() {
        parenthesisDepth -= 1
    }

    // MARK: Errors

    /// An error at the current token.
    func error(_ code: PredicateSyntaxError.Code, _ message: String) -> PredicateSyntaxError {
        error(code, message, at: current.start)
    }

    /// An error at a byte offset.
    func error(_ code: PredicateSyntaxError.Code, _ message: String, at offset: Int) -> PredicateSyntaxError {
        PredicateSyntaxError(code, message, at: offset, in: source)
    }

    /// The error for finding the current token where `expected` should be: the lexing error if
    /// the current token is one, otherwise "expected X after 'prev', found Y".
    func unexpected(expected: String, note: String = "", suggestEscape: Bool = false) -> PredicateSyntaxError {
        if case .invalid(let code, let message) = kind { return error(code, message) }
        var message = "expected \(expected)"
        if index > 0 { message += " after \(describe(tokens[index - 1]))" }
        message += ", found \(describe(current))"
        if suggestEscape, case .keyword(let keyword) = kind, keyword != .utiConformsTo, keyword != .utiEquals {
            let text = text(of: current)
            message += " (a reserved word; write #\(text) to use it as a key)"
        }
        message += note
        return error(kind == .end ? .unexpectedEnd : .unexpectedToken, message)
    }

    /// The source text of a token.
    func text(of token: Token) -> String {
        String(decoding: source[token.start..<max(token.start, token.end)], as: UTF8.self)
    }

    /// Names a token for a message: its quoted text (shortened), or the end of the format string.
    func describe(_ token: Token) -> String {
        if token.kind == .end { return "the end of the format string" }
        var text = text(of: token)
        if text.count > 24 { text = String(text.prefix(21)) + "..." }
        if case .keyword = token.kind { return "'\(text)'" }
        if case .string = token.kind { return "the string \(text)" }
        return "'\(text)'"
    }
}
