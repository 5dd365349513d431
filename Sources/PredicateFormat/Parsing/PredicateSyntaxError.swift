import SystemSupport

/// An error in a predicate format string, located at a line and column of the source.
///
/// Its ``description`` renders like a compiler diagnostic, with the source line and a caret:
/// ```
/// 1:16: error: expected an expression after 'AND', found the end of the format string
/// name == "x" AND
///                ^
/// ```
public struct PredicateSyntaxError: AppexError, Hashable {
    /// What kind of error this is; extensible.
    public struct Code: ErrorCode {
        /// The code's stable name, such as `unexpected-token`.
        public let rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A token that cannot stand where it was found.
        public static let unexpectedToken = Code(rawValue: "unexpected-token")
        /// The format string ended where more was expected.
        public static let unexpectedEnd = Code(rawValue: "unexpected-end")
        /// A character that starts no token, such as `?` or `^`.
        public static let invalidCharacter = Code(rawValue: "invalid-character")
        /// A quoted string without its closing quote.
        public static let unterminatedString = Code(rawValue: "unterminated-string")
        /// An unknown or malformed escape sequence inside a string.
        public static let invalidEscape = Code(rawValue: "invalid-escape")
        /// A malformed or out-of-range number literal.
        public static let invalidNumber = Code(rawValue: "invalid-number")
        /// An unknown comparison option inside `[...]`.
        public static let invalidOption = Code(rawValue: "invalid-option")
        /// A call of a function that is not built in.
        public static let unknownFunction = Code(rawValue: "unknown-function")
        /// A `%` specifier with no argument left for it.
        public static let missingArgument = Code(rawValue: "missing-argument")
        /// A format argument of the wrong kind, such as a number for `%K`.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A format string longer than 64 KiB.
        public static let tooLong = Code(rawValue: "too-long")
        /// Nesting deeper than 256 levels.
        public static let tooDeep = Code(rawValue: "too-deep")
        /// Valid Apple syntax that Appex does not support (`FETCH`, `FUNCTION`, `:=` …).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    /// What kind of error this is.
    public var code: Code
    /// What was expected and what was found, naming the offending text.
    public var message: String
    /// The 1-based line of the error.
    public var line: Int
    /// The 1-based column of the error, in characters of ``sourceLine``.
    public var column: Int
    /// The source line the error is on, without its line break.
    public var sourceLine: String
    /// The error's position as a byte offset into the UTF-8 source.
    public var utf8Offset: Int

    /// Creates an error with an explicit location.
    public init(code: Code, message: String, line: Int, column: Int, sourceLine: String, utf8Offset: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.utf8Offset = utf8Offset
    }

    /// Creates an error at a byte offset of `source`, working out its line and column.
    init(_ code: Code, _ message: String, at offset: Int, in source: [UInt8]) {
        let location = SourceLocation(offset: offset, in: source)
        self.init(code: code, message: message, line: location.line, column: location.column,
                  sourceLine: location.sourceLine, utf8Offset: offset)
    }
}
