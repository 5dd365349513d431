import Foundation
import PredicateFormat
import Testing

/// The canonical form: uppercase keywords, double-quoted strings, parentheses wherever
/// precedence decided the grouping, `#` on reserved words used as keys.
@Suite struct PrintingCanonicalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let canonical: String
        var testDescription: String { name }

        init(_ name: String, _ source: String, _ canonical: String) {
            self.name = name
            self.source = source
            self.canonical = canonical
        }
    }

    static let predicates: [Case] = [
        Case("keywords uppercase, operators canonical", "a = 1 and b <> 2 or not c =< 3",
             "(a == 1 AND b != 2) OR NOT (c <= 3)"),
        Case("=> prints as >=", "a => 1", "a >= 1"),
        Case("&& || ! print as words", "a == 1 && b == 2 || !(c == 3)", "(a == 1 AND b == 2) OR NOT (c == 3)"),
        Case("AND inside OR gets parentheses", "a == 1 OR b == 2 AND c == 3", "a == 1 OR (b == 2 AND c == 3)"),
        Case("nested AND keeps its parentheses", "(a == 1 AND b == 2) AND c == 3", "(a == 1 AND b == 2) AND c == 3"),
        Case("NOT NOT", "not not a == 1", "NOT NOT (a == 1)"),
        Case("NOT TRUEPREDICATE", "NOT truepredicate", "NOT TRUEPREDICATE"),
        Case("single quotes become double quotes", "a == 'x\"y'", #"a == "x\"y""#),
        Case("escapes", "a == 'tab\\tnl\\nback\\\\ nul\\0 del\\x7F'", #"a == "tab\tnl\nback\\ nul\u0000 del\u007F""#),
        Case("non-ASCII text prints raw", "a == '\\u00e9'", "a == \"é\""),
        Case("options", "a contains[DC] 'x' AND b LIKE[n] 'y'", "a CONTAINS[cd] \"x\" AND b LIKE[n] \"y\""),
        Case("quantifiers", "some a == 1 AND all b == 2 AND none c == 3", "ANY a == 1 AND ALL b == 2 AND NONE c == 3"),
        Case("UTI operators", "a uti-conforms-to 'public.image' OR a uti-equals 'public.png'",
             "a UTI-CONFORMS-TO \"public.image\" OR a UTI-EQUALS \"public.png\""),
        Case("BETWEEN and IN", "a between {1,2} and b in {'x'}", "a BETWEEN {1, 2} AND b IN {\"x\"}"),
        Case("reserved words as keys get #", "#size == 1 AND a.first == #AND.b", "#size == 1 AND a.#first == #AND.b"),
        Case("literals", "a IN {yes, no, nil, self, 0x10, 1.50, 2e3, -0.0}",
             "a IN {TRUE, FALSE, NULL, SELF, 16, 1.5, 2000.0, -0.0}"),
        Case("subscripts", "a[first] == a[LAST] AND a[size] == d['k']", "a[FIRST] == a[LAST] AND a[SIZE] == d[\"k\"]"),
        Case("functions lowercase", "SUM(a) == Now()", "sum(a) == now()"),
        Case("date as CAST", "d > cast(10, 'NSDate')", "d > CAST(10.0, \"NSDate\")"),
        Case("the SUBQUERY example", """
            SUBQUERY (
                extensionItems, $extensionItem,
                SUBQUERY ($extensionItem.attachments, $attachment,
                          ANY $attachment.registeredTypeIdentifiers uti-conforms-to 'public.image').@count >= 1
            ).@count == 1
            """,
             "SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1).@count == 1"),
    ]

    @Test("canonical predicate format", arguments: predicates)
    func printsPredicate(_ testCase: Case) throws {
        #expect(try FormatPredicate(format: testCase.source).predicateFormat == testCase.canonical)
    }

    static let expressions: [Case] = [
        Case("precedence gets parentheses", "1 + 2 * 3", "1 + (2 * 3)"),
        Case("left-associative chain stays flat", "1 - 2 + 3", "1 - 2 + 3"),
        Case("right operand of - keeps parentheses", "1 - (2 - 3)", "1 - (2 - 3)"),
        Case("redundant parentheses vanish", "((a))", "a"),
        Case("grouped sum times", "(1 + 2) * 3", "(1 + 2) * 3"),
        Case("power tower", "2 ** 3 ** 2", "2 ** 3 ** 2"),
        Case("left power", "(2 ** 3) ** 2", "(2 ** 3) ** 2"),
        Case("negative base of a power", "-2 ** 2", "(-2) ** 2"),
        Case("negative exponent", "2 ** -2", "2 ** -2"),
        Case("negated key path", "-a.b", "-a.b"),
        Case("negated group", "-(a + b)", "-(a + b)"),
        Case("double negation", "--a", "--a"),
        Case("key on a group", "(a + b).c", "(a + b).c"),
        Case("key on a negative number", "(-5).c", "(-5).c"),
        Case("set operations", "a union b intersect c", "a UNION b INTERSECT c"),
        Case("set operation on the right", "a MINUS (b UNION c)", "a MINUS (b UNION c)"),
        Case("arithmetic inside a set operation", "a UNION b + c", "a UNION (b + c)"),
        Case("variables", "$x.a.@count", "$x.a.@count"),
        Case("doubles round-trip exactly", "{0.1, 1e-7, 123456789.125, 1e300, 5e-324}",
             "{0.1, 1e-07, 123456789.125, 1e+300, 5e-324}"),
        Case("Int extremes", "{9223372036854775807, -9223372036854775808}",
             "{9223372036854775807, -9223372036854775808}"),
    ]

    @Test("canonical expression format", arguments: expressions)
    func printsExpression(_ testCase: Case) throws {
        #expect(try FormatExpression(format: testCase.source).expressionFormat == testCase.canonical)
    }

    @Test("degenerate compounds built by hand print as their meaning")
    func degenerateCompounds() {
        #expect(FormatPredicate.compound(CompoundPredicate(.and, [])).predicateFormat == "TRUEPREDICATE")
        #expect(FormatPredicate.compound(CompoundPredicate(.or, [])).predicateFormat == "FALSEPREDICATE")
        #expect(FormatPredicate.compound(CompoundPredicate(.and, [.constant(false)])).predicateFormat == "FALSEPREDICATE")
    }

    @Test("values without a literal form still print")
    func unparseableValues() {
        #expect(FormatExpression.constant(.data(Data([0x0A, 0xFF]))).expressionFormat == "<0aff>")
        #expect(FormatExpression.constant(.dictionary(["b": .integer(1), "a": .null])).expressionFormat
            == "{\"a\": NULL, \"b\": 1}")
    }
}
