import PredicateFormat
import Testing

/// `withSubstitutionVariables`: `$name` becomes a constant, except where a SUBQUERY binds it.
@Suite struct ParsingSubstitutionTests {
    typealias T = SyntaxTree

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let source: String
        let variables: [String: PredicateValue]
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "replaces a variable", source: "a == $x", variables: ["x": .integer(1)], expected: "a == 1"),
        Case(name: "replaces on both sides", source: "$y < $x", variables: ["x": .integer(1), "y": .string("s")],
             expected: "\"s\" < 1"),
        Case(name: "keeps unknown variables", source: "a == $z", variables: ["x": .integer(1)], expected: "a == $z"),
        Case(name: "replaces the base of a key path", source: "$x.count > 1", variables: ["x": .string("s")],
             expected: "\"s\".count > 1"),
        Case(name: "replaces inside arrays, functions, arithmetic and subscripts",
             source: "{$x, abs($x), $x + 1, a[$x], -$x, a UNION $x} == b", variables: ["x": .integer(2)],
             expected: "{2, abs(2), 2 + 1, a[2], -2, a UNION 2} == b"),
        Case(name: "leaves a SUBQUERY's own variable alone", source: "SUBQUERY(items, $x, $x.a == $y).@count > 0",
             variables: ["x": .integer(1), "y": .integer(2)], expected: "SUBQUERY(items, $x, $x.a == 2).@count > 0"),
        Case(name: "substitutes a SUBQUERY's collection", source: "SUBQUERY($x, $x, $x == 1).@count > 0",
             variables: ["x": .integer(5)], expected: "SUBQUERY(5, $x, $x == 1).@count > 0"),
        Case(name: "an inner SUBQUERY binding shadows only inside it",
             source: "SUBQUERY(a, $i, $j == 1 AND SUBQUERY(b, $j, $j == $i).@count > 0).@count > 0",
             variables: ["i": .integer(1), "j": .integer(2)],
             expected: "SUBQUERY(a, $i, 2 == 1 AND SUBQUERY(b, $j, $j == $i).@count > 0).@count > 0"),
        Case(name: "substitutes through NOT and OR", source: "NOT ($x == 1 OR b == $x)", variables: ["x": .null],
             expected: "NOT (NULL == 1 OR b == NULL)"),
    ]

    @Test("substitution variables", arguments: cases)
    func substitutes(_ testCase: Case) throws {
        let predicate = try FormatPredicate(format: testCase.source)
        #expect(predicate.withSubstitutionVariables(testCase.variables).predicateFormat == testCase.expected)
    }

    @Test("a substituted value is a constant node")
    func substitutedNode() throws {
        let predicate = try FormatPredicate(format: "a == $x").withSubstitutionVariables(["x": .array([.integer(1)])])
        #expect(predicate == T.compare(T.key("a"), .equalTo, .constant(.array([.integer(1)]))))
    }

    @Test("no variables leaves the predicate unchanged")
    func emptySubstitution() throws {
        let predicate = try FormatPredicate(format: "a == $x")
        #expect(predicate.withSubstitutionVariables([:]) == predicate)
    }
}
