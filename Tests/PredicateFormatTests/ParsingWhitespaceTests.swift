import PredicateFormat
import Testing

/// Whitespace, including the no-break space some editors put into Info.plists, separates
/// tokens everywhere and never becomes part of a key.
@Suite("Parsing: whitespace")
struct ParsingWhitespaceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let canonical: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no-break spaces around an operator", source: "a\u{A0}==\u{A0}1", canonical: "a == 1"),
        Case(name: "tabs and newlines", source: "a\n\t==\r\n1", canonical: "a == 1"),
        Case(name: "a no-break space after # is not a key", source: "#\u{A0}<= 1", canonical: nil),
        Case(name: "a no-break space ends a key", source: "ab\u{A0}cd == 1", canonical: nil),
        Case(name: "a no-break space after an escaped key ends it", source: "#size\u{A0}== 1", canonical: "#size == 1"),
        Case(name: "other non-ASCII letters stay in keys", source: "größe == 1", canonical: "größe == 1"),
    ]

    @Test("whitespace separates tokens", arguments: cases)
    func whitespace(_ c: Case) throws {
        if let canonical = c.canonical {
            let predicate = try FormatPredicate(format: c.source)
            #expect(predicate.predicateFormat == canonical)
            #expect(try FormatPredicate(format: predicate.predicateFormat) == predicate)
        } else {
            #expect(throws: PredicateSyntaxError.self) { try FormatPredicate(format: c.source) }
        }
    }
}
