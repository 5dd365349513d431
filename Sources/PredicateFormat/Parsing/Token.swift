/// One lexical token of a predicate format string, with its byte range in the UTF-8 source.
struct Token: Sendable {
    /// What the token is.
    var kind: TokenKind
    /// The byte offset of its first byte.
    var start: Int
    /// The byte offset just past its last byte.
    var end: Int
}

/// The kinds of token the lexer produces.
enum TokenKind: Sendable, Equatable {
    /// The end of the format string.
    case end
    /// A lexing error; the lexer stops after it and the parser reports it when it gets there.
    case invalid(PredicateSyntaxError.Code, String)
    /// A key name, possibly written with the `#` escape (the name is stored without it).
    case identifier(String)
    /// A reserved word (matched case-insensitively).
    case keyword(Keyword)
    /// `$name`, stored without the `$`.
    case variable(String)
    /// `@count` and friends, stored with the `@`.
    case collectionOperator(String)
    /// A quoted string with its escapes decoded.
    case string(String)
    /// A number literal.
    case number(NumberLiteral)
    /// A printf-style specifier such as `%@`; `index` counts specifiers from 0.
    case argument(FormatSpecifier, index: Int)
    /// A comparison operator written with symbols (`==`, `<>`, `=>` …).
    case comparison(ComparisonPredicate.Operator)
    /// Punctuation and the remaining operators.
    case punctuation(Punctuation)
}

/// Punctuation and symbolic operators other than comparisons.
enum Punctuation: Sendable, Equatable {
    case openParen, closeParen, openBrace, closeBrace, openBracket, closeBracket
    case comma, dot
    case plus, minus, star, slash, power
    case and, or, not
    case assign
}

/// A number literal as lexed.
enum NumberLiteral: Sendable, Equatable {
    /// A value that fits `Int`.
    case integer(Int)
    /// A value with a fraction or exponent, or a decimal integer too large for `Int`.
    case double(Double)
    /// 9223372036854775808 (2^63): `Int.min` when negated, a double otherwise.
    case intMinMagnitude
}

/// A printf-style format specifier.
enum FormatSpecifier: Sendable, Equatable {
    /// `%@`: an object value.
    case object
    /// `%K`: a key path.
    case keyPath
    /// `%d`, `%i`, `%u` (with `l`/`ll`/`q`/`h`/`z` length modifiers): an integer.
    case integer
    /// `%f`, `%e`, `%g`: a floating-point number.
    case double
}
