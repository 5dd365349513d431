import PredicateFormat
import Testing

/// Ruling 8: over 64 KiB or nested deeper than 256 is rejected with an error, never a crash.
@Suite struct ParsingLimitTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        var testDescription: String { name }
    }

    static func nested(_ depth: Int, _ open: String, _ middle: String, _ close: String) -> String {
        String(repeating: open, count: depth) + middle + String(repeating: close, count: depth)
    }

    static let tooDeep: [Case] = [
        Case(name: "300-deep predicate parentheses", source: nested(300, "(", "a == 1", ")")),
        Case(name: "300-deep expression parentheses", source: nested(300, "(", "a", ")") + " == 1"),
        Case(name: "300-deep right-hand parentheses", source: "a == " + nested(300, "(", "1", ")")),
        Case(name: "16 000 NOTs", source: String(repeating: "NOT ", count: 16_000) + "a == 1"),
        Case(name: "60 000 !s", source: String(repeating: "!", count: 60_000) + "a == 1"),
        Case(name: "300-deep arrays", source: "a IN " + nested(300, "{", "1", "}")),
        Case(name: "300 unary minuses", source: "a == " + String(repeating: "-", count: 300) + "b"),
        Case(name: "300-deep SUBQUERY", source: nested(300, "SUBQUERY(a, $x, ", "TRUEPREDICATE", ").@count > 0")),
        Case(name: "300-deep function calls", source: nested(300, "abs(", "1", ")") + " == 1"),
        Case(name: "300 chained subscripts", source: "a" + String(repeating: "[0]", count: 300) + " == 1"),
        Case(name: "300-term sum", source: "a == 1" + String(repeating: " + 1", count: 300)),
        Case(name: "300-deep power tower", source: "a == 2" + String(repeating: " ** 2", count: 300)),
        Case(name: "20 000 unclosed parentheses", source: String(repeating: "(", count: 20_000)),
    ]

    @Test("deep nesting is rejected with .tooDeep", arguments: tooDeep)
    func rejectsDeepNesting(_ testCase: Case) throws {
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: testCase.source) }
        #expect(error.code == .tooDeep, "\(error.message)")
    }

    static let deepButAllowed: [Case] = [
        Case(name: "200-deep predicate parentheses", source: nested(200, "(", "a == 1", ")")),
        Case(name: "200-deep expression parentheses", source: nested(200, "(", "a", ")") + " == 1"),
        Case(name: "256-deep predicate parentheses", source: nested(256, "(", "a == 1", ")")),
        Case(name: "256-deep expression parentheses", source: "a == " + nested(256, "(", "1", ")")),
        Case(name: "127-deep SUBQUERY", source: nested(127, "SUBQUERY(a, $x, ", "TRUEPREDICATE", ").@count > 0")),
        Case(name: "250-deep function calls", source: nested(250, "abs(", "1", ")") + " == 1"),
        Case(name: "200 NOTs", source: String(repeating: "NOT ", count: 200) + "a == 1"),
        Case(name: "200-deep arrays", source: "a IN " + nested(200, "{", "1", "}")),
        Case(name: "5 000-operand OR chain", source: Array(repeating: "a == 1", count: 5_000).joined(separator: " OR ")),
        Case(name: "250 parentheses around 250 unary minuses", source: "a == " + nested(250, "(", String(repeating: "-", count: 250) + "b", ")")),
        Case(name: "250-term chain whose terms print with parentheses", source: "a == 1" + String(repeating: " - b * 2", count: 250)),
        Case(name: "alternating OR and AND, each parenthesized on print", source: nested(120, "a == 1 OR b == 1 AND (", "c == 1", ")")),
    ]

    @Test("the .tooDeep error points at the opening that crosses the limit")
    func tooDeepLocation() throws {
        let error = try #require(throws: PredicateSyntaxError.self) {
            try FormatPredicate(format: Self.nested(300, "(", "a == 1", ")"))
        }
        #expect(error.line == 1 && error.column == 257)
        #expect(error.message == "parentheses nest deeper than 256 levels at '('")
    }

    @Test("nesting within the limit parses and round-trips", arguments: deepButAllowed)
    func acceptsNesting(_ testCase: Case) throws {
        let parsed = try FormatPredicate(format: testCase.source)
        #expect(try FormatPredicate(format: parsed.predicateFormat) == parsed)
    }

    @Test("100 000 NOTs are rejected, not a crash")
    func rejectsHundredThousandNots() throws {
        let source = String(repeating: "NOT ", count: 100_000) + "a == 1"
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: source) }
        #expect(error.code == .tooLong)
    }

    @Test("a 65 KiB format string is rejected with .tooLong")
    func rejectsLongSource() throws {
        let source = "a == '" + String(repeating: "x", count: 65 * 1024) + "'"
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: source) }
        #expect(error.code == .tooLong)
        #expect(error.message.contains("65536"))
        #expect(error.line == 1 && error.column == 1)
    }

    @Test("a format string of exactly 64 KiB is accepted")
    func acceptsLimitLength() throws {
        let prefix = "a == '"
        let source = prefix + String(repeating: "x", count: 65_536 - prefix.utf8.count - 1) + "'"
        #expect(source.utf8.count == 65_536)
        #expect(try FormatPredicate(format: source) == .comparison(ComparisonPredicate(
            .keyPath(KeyPathExpression(["a"])), .equalTo, .constant(.string(String(repeating: "x", count: 65_529))))))
    }

    @Test("nested %@ arrays deeper than the limit are rejected")
    func rejectsDeepArgument() throws {
        var value = PredicateValue.array([])
        for _ in 0..<300 { value = .array([value]) }
        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: "a IN %@", value) }
        #expect(error.code == .tooDeep)
    }
}
