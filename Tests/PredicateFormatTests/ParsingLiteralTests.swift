import Foundation
import PredicateFormat
import Testing

/// Every literal form and every string escape.
@Suite struct ParsingLiteralTests {
    typealias T = SyntaxTree

    static let literals: [ExpressionCase] = [
        ExpressionCase("double-quoted string", "\"abc\"", T.string("abc")),
        ExpressionCase("single-quoted string", "'abc'", T.string("abc")),
        ExpressionCase("empty string", "''", T.string("")),
        ExpressionCase("single quotes inside double", "\"a'b'c\"", T.string("a'b'c")),
        ExpressionCase("double quotes inside single", "'a\"b\"c'", T.string("a\"b\"c")),
        ExpressionCase("non-ASCII text", "\"héllo 😀\"", T.string("héllo 😀")),
        ExpressionCase("format specifiers inside quotes are text", "'%@ %K %d $x'", T.string("%@ %K %d $x")),
        ExpressionCase("integer", "42", T.int(42)),
        ExpressionCase("zero", "0", T.int(0)),
        ExpressionCase("negative integer", "-7", T.int(-7)),
        ExpressionCase("decimal", "3.25", T.double(3.25)),
        ExpressionCase("exponent", "9.2e-5", T.double(9.2e-5)),
        ExpressionCase("exponent with plus", "1E+3", T.double(1000)),
        ExpressionCase("exponent without fraction", "2e3", T.double(2000)),
        ExpressionCase("hexadecimal", "0x1F", T.int(31)),
        ExpressionCase("hexadecimal uppercase prefix", "0XfF", T.int(255)),
        ExpressionCase("octal", "0o17", T.int(15)),
        ExpressionCase("binary", "0b101", T.int(5)),
        ExpressionCase("Int.max", "9223372036854775807", T.int(.max)),
        ExpressionCase("Int.min", "-9223372036854775808", T.int(.min)),
        ExpressionCase("too big for Int is a double", "9223372036854775808", T.double(9_223_372_036_854_775_808)),
        ExpressionCase("far too big for Int is a double", "100000000000000000000", T.double(1e20)),
        ExpressionCase("TRUE", "TRUE", .constant(.bool(true))),
        ExpressionCase("YES", "yes", .constant(.bool(true))),
        ExpressionCase("FALSE", "False", .constant(.bool(false))),
        ExpressionCase("NO", "NO", .constant(.bool(false))),
        ExpressionCase("NULL", "NULL", .constant(.null)),
        ExpressionCase("NIL", "nil", .constant(.null)),
        ExpressionCase("SELF", "SELF", .evaluatedObject),
        ExpressionCase("empty array", "{}", .aggregate([])),
        ExpressionCase("array", "{1, 'a', TRUE}", .aggregate([T.int(1), T.string("a"), .constant(.bool(true))])),
        ExpressionCase("nested array", "{{1}, {}}", .aggregate([.aggregate([T.int(1)]), .aggregate([])])),
        ExpressionCase("escaped reserved word as key", "#size", T.key("size")),
        ExpressionCase("escaped keyword in a path", "#AND.#or", T.key("AND.or")),
        ExpressionCase("escaped ordinary word", "#name", T.key("name")),
        ExpressionCase("date via CAST", "CAST(0, \"NSDate\")", .constant(.date(Date(timeIntervalSinceReferenceDate: 0)))),
        ExpressionCase("date via CAST with fraction", "cast(-12.5, 'NSDate')",
                       .constant(.date(Date(timeIntervalSinceReferenceDate: -12.5)))),
    ]

    @Test("literals", arguments: literals)
    func parsesLiteral(_ testCase: ExpressionCase) throws {
        #expect(try FormatExpression(format: testCase.source) == testCase.expected)
    }

    static let escapes: [ExpressionCase] = [
        ExpressionCase("\\n", #""a\nb""#, T.string("a\nb")),
        ExpressionCase("\\t", #""a\tb""#, T.string("a\tb")),
        ExpressionCase("\\r", #""a\rb""#, T.string("a\rb")),
        ExpressionCase("\\\\", #""a\\b""#, T.string("a\\b")),
        ExpressionCase("\\' in single quotes", #"'it\'s'"#, T.string("it's")),
        ExpressionCase("\\\" in double quotes", #""say \"hi\"""#, T.string("say \"hi\"")),
        ExpressionCase("\\0 is NUL", #""a\0b""#, T.string("a\u{0}b")),
        ExpressionCase("octal \\101", #""\101""#, T.string("A")),
        ExpressionCase("octal \\377", #""\377""#, T.string("\u{FF}")),
        ExpressionCase("\\xHH", #""\x41\x7a""#, T.string("Az")),
        ExpressionCase("\\XHH", #""\X41""#, T.string("A")),
        ExpressionCase("\\uHHHH", #""\u00e9""#, T.string("é")),
        ExpressionCase("\\UHHHH", #""\U20AC""#, T.string("€")),
        ExpressionCase("surrogate pair", #""\uD83D\uDE00""#, T.string("😀")),
        ExpressionCase("escape at the end", #""ab\"""#, T.string("ab\"")),
    ]

    @Test("string escapes", arguments: escapes)
    func parsesEscape(_ testCase: ExpressionCase) throws {
        #expect(try FormatExpression(format: testCase.source) == testCase.expected)
    }

    @Test("integers parse to .integer, fractions and exponents to .double")
    func numberKinds() throws {
        #expect(try FormatExpression(format: "5") == .constant(.integer(5)))
        #expect(try FormatExpression(format: "5.0") == .constant(.double(5)))
        #expect(try FormatExpression(format: "5e0") == .constant(.double(5)))
    }
}
