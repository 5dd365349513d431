import PredicateFormat
import Testing

/// Syntax errors: every code, its line and column, and the rendered diagnostic.
@Suite struct ParsingErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let code: PredicateSyntaxError.Code
        let line: Int
        let column: Int
        /// Text the message must contain.
        let mentions: String
        var testDescription: String { name }

        init(_ name: String, _ source: String, _ code: PredicateSyntaxError.Code, _ line: Int, _ column: Int, mentions: String) {
            self.name = name
            self.source = source
            self.code = code
            self.line = line
            self.column = column
            self.mentions = mentions
        }
    }

    static let cases: [Case] = [
        Case("nothing after AND", "name == \"x\" AND ", .unexpectedEnd, 1, 17, mentions: "expected an expression after 'AND', found the end"),
        Case("empty format string", "", .unexpectedEnd, 1, 1, mentions: "found the end of the format string"),
        Case("missing operator", "name 'x'", .unexpectedToken, 1, 6, mentions: "expected a comparison operator"),
        Case("bare key", "name", .unexpectedEnd, 1, 5, mentions: "expected a comparison operator such as '==' or CONTAINS after 'name'"),
        Case("unclosed parenthesis", "(a == 1", .unexpectedEnd, 1, 8, mentions: "expected AND, OR or ')'"),
        Case("extra closing parenthesis", "a == 1)", .unexpectedToken, 1, 7, mentions: "found ')'"),
        Case("two operators", "a == == 1", .unexpectedToken, 1, 6, mentions: "expected an expression after '==', found '=='"),
        Case("reserved word as key", "size > 1", .unexpectedToken, 1, 1, mentions: "write #size"),
        Case("unterminated double-quoted string", "a == \"abc", .unterminatedString, 1, 6, mentions: "expected a closing \""),
        Case("unterminated single-quoted string", "a == 'abc\"", .unterminatedString, 1, 6, mentions: "expected a closing '"),
        Case("unknown escape", "a == \"x\\qy\"", .invalidEscape, 1, 8, mentions: "'\\q'"),
        Case("short hex escape", "a == \"\\x4\"", .invalidEscape, 1, 7, mentions: "2 hexadecimal digits"),
        Case("short unicode escape", "a == '\\u12'", .invalidEscape, 1, 7, mentions: "4 hexadecimal digits"),
        Case("lone surrogate", "a == '\\uD800'", .invalidEscape, 1, 7, mentions: "lone surrogate"),
        Case("letters after digits", "a == 12abc", .invalidNumber, 1, 6, mentions: "'12abc'"),
        Case("exponent without digits", "a == 1e", .invalidNumber, 1, 6, mentions: "exponent has no digits"),
        Case("hex without digits", "a == 0x", .invalidNumber, 1, 6, mentions: "no digits after its prefix"),
        Case("bad binary digit", "a == 0b102", .invalidNumber, 1, 6, mentions: "not valid in base 2"),
        Case("hex overflow", "a == 0x1FFFFFFFFFFFFFFFF", .invalidNumber, 1, 6, mentions: "does not fit"),
        Case("infinite decimal", "a == 1e999", .invalidNumber, 1, 6, mentions: "out of range"),
        Case("question mark", "a == ?", .invalidCharacter, 1, 6, mentions: "'?'"),
        Case("single ampersand", "a == 1 & b == 2", .invalidCharacter, 1, 8, mentions: "'&&'"),
        Case("unknown option", "a CONTAINS[x] 'y'", .invalidOption, 1, 12, mentions: "'x'"),
        Case("unknown function", "foo(1) == 2", .unknownFunction, 1, 1, mentions: "'foo'"),
        Case("FUNCTION is unsupported", "FUNCTION(a, 'b') == 1", .unsupported, 1, 1, mentions: "FUNCTION"),
        Case("FETCH is unsupported", "FETCH(a, b, NO) == 1", .unsupported, 1, 1, mentions: "FETCH"),
        Case("ANYKEY is unsupported", "ANYKEY == 1", .unsupported, 1, 1, mentions: "ANYKEY"),
        Case("assignment is unsupported", "$a := 1", .unsupported, 1, 4, mentions: ":="),
        Case("CAST to another class", "CAST(1, 'NSNumber') == 1", .unsupported, 1, 9, mentions: "NSNumber"),
        Case("BETWEEN with three bounds", "a BETWEEN {1, 2, 3}", .unexpectedToken, 1, 11, mentions: "two-element array"),
        Case("SUBQUERY without a variable", "SUBQUERY(a, b, TRUEPREDICATE).@count > 0", .unexpectedToken, 1, 13,
             mentions: "expected a variable such as $item"),
        Case("missing argument", "a == %@", .missingArgument, 1, 6, mentions: "no argument for '%@'"),
        Case("%% outside quotes", "a == %%", .unexpectedToken, 1, 6, mentions: "inside a quoted string"),
        Case("unknown specifier", "a == %q", .invalidArgument, 1, 6, mentions: "'%q'"),
        Case("error on the third line", "a == 1 AND\n  b == 2 AND\n\tc == ", .unexpectedEnd, 3, 7, mentions: "after '=='"),
        Case("column counts characters, not bytes", "\"é😀\" == ?", .invalidCharacter, 1, 9, mentions: "'?'"),
        Case("CRLF line breaks", "a == 1\r\nAND ?", .invalidCharacter, 2, 5, mentions: "'?'"),
        Case("lexing error after a parse error is not reported first", "a == == 'x", .unexpectedToken, 1, 6,
             mentions: "found '=='"),
    ]

    @Test("syntax errors", arguments: cases)
    func reportsError(_ testCase: Case) throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: testCase.source) }
        #expect(error.code == testCase.code, "\(error)")
        #expect(error.line == testCase.line, "\(error)")
        #expect(error.column == testCase.column, "\(error)")
        #expect(error.message.contains(testCase.mentions), "\(error)")
    }

    @Test("the description renders like a compiler diagnostic")
    func rendersCaret() throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: "name == \"x\" AND ") }
        #expect(error.description == """
            1:17: error: expected an expression after 'AND', found the end of the format string
            name == "x" AND 
                            ^
            """)
    }

    @Test("the caret follows tabs on its line")
    func caretKeepsTabs() throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: "a == 1 OR\n\t\tb == ?") }
        #expect(error.sourceLine == "\t\tb == ?")
        #expect(error.description.hasSuffix("\t\tb == ?\n\t\t     ^"))
    }

    @Test("a long line is shown as a window around the column")
    func longLineWindow() throws {
        let source = String(repeating: "a == 1 AND ", count: 40) + "?"
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: source) }
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("...") && lines[1].hasSuffix("?"))
        #expect(lines[2].count == lines[1].count)
        #expect(lines[2].hasSuffix("^"))
    }

    @Test("an expression parse rejects trailing text")
    func expressionTrailingText() throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatExpression(format: "a + 1 b") }
        #expect(error.code == .unexpectedToken)
        #expect(error.column == 7)
    }
}
