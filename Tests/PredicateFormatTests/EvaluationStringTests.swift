import Testing
import PredicateFormat

/// String operators under every option combination.
@Suite struct EvaluationStringTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let lhs: String
        let op: ComparisonPredicate.Operator
        let rhs: String
        let options: ComparisonPredicate.Options
        let expected: Bool
        init(_ lhs: String, _ op: ComparisonPredicate.Operator, _ rhs: String,
             _ options: ComparisonPredicate.Options = [], _ expected: Bool) {
            self.lhs = lhs; self.op = op; self.rhs = rhs; self.options = options; self.expected = expected
        }
        var testDescription: String { "\"\(lhs)\" \(op)[\(options.rawValue)] \"\(rhs)\"" }
    }

    static let c: ComparisonPredicate.Options = .caseInsensitive
    static let d: ComparisonPredicate.Options = .diacriticInsensitive
    static let cd: ComparisonPredicate.Options = [.caseInsensitive, .diacriticInsensitive]
    static let n: ComparisonPredicate.Options = .normalized

    static let cases: [Case] = [
        // ==
        .init("Crème", .equalTo, "Creme", [], false),
        .init("Crème", .equalTo, "Creme", d, true),
        .init("Crème", .equalTo, "CREME", d, false),
        .init("Crème", .equalTo, "CREME", cd, true),
        .init("Crème", .equalTo, "CRÈME", c, true),
        .init("straße", .equalTo, "STRASSE", c, true),
        .init("e\u{301}", .equalTo, "\u{e9}", [], true),
        .init("e\u{301}", .equalTo, "\u{e9}", n, false),
        .init("abc", .equalTo, "ABC", n, false),
        .init("abc", .equalTo, "ABC", [.normalized, .caseInsensitive], false),
        .init("", .equalTo, "", [], true),
        // BEGINSWITH
        .init("Benson", .beginsWith, "be", [], false),
        .init("Benson", .beginsWith, "be", c, true),
        .init("Benson", .beginsWith, "", [], true),
        .init("Élan", .beginsWith, "el", cd, true),
        .init("Élan", .beginsWith, "El", d, true),
        .init("Élan", .beginsWith, "él", c, true),
        .init("Élan", .beginsWith, "El", [], false),
        .init("Élan", .beginsWith, "Él", n, true),
        .init("ab", .beginsWith, "abc", c, false),
        // ENDSWITH
        .init("Benson", .endsWith, "SON", c, true),
        .init("Benson", .endsWith, "SON", [], false),
        .init("café", .endsWith, "FE", cd, true),
        .init("café", .endsWith, "fe", c, false),
        .init("café", .endsWith, "é", [], true),
        // CONTAINS
        .init("Benson", .contains, "ENS", c, true),
        .init("Benson", .contains, "ENS", [], false),
        .init("Benson", .contains, "ns", [], true),
        .init("Benson", .contains, "", [], true),
        .init("Crème Brûlée", .contains, "brulee", cd, true),
        .init("Crème Brûlée", .contains, "brulee", c, false),
        .init("Crème Brûlée", .contains, "Brû", [], true),
        .init("aaab", .contains, "aab", [], true),
        .init("aaab", .contains, "AAB", c, true),
        .init("ab", .contains, "abc", [], false),
        // LIKE
        .init("Benson", .like, "B?nson", [], true),
        .init("Benson", .like, "*son", [], true),
        .init("Benson", .like, "*SON", c, true),
        .init("Benson", .like, "*SON", [], false),
        .init("Benson", .like, "B*n*n", [], true),
        .init("Benson", .like, "B*x*", [], false),
        .init("Benson", .like, "??????", [], true),
        .init("Benson", .like, "?????", [], false),
        .init("", .like, "*", [], true),
        .init("", .like, "?", [], false),
        .init("a*b", .like, "a\\*b", [], true),
        .init("axb", .like, "a\\*b", [], false),
        .init("Crème", .like, "cr?me", cd, true),
        .init("Crème", .like, "Cr?me", [], true),
        .init("Crème", .like, "CR*", c, true),
        .init("aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", .like, "*a*a*a*a*a*a*c", [], false),
        // MATCHES
        .init("Benson", .matches, "B.n.*", [], true),
        .init("Benson", .matches, "b.n.*", [], false),
        .init("Benson", .matches, "b.n.*", c, true),
        .init("Benson", .matches, "Ben", [], false),
        .init("ab", .matches, "a|ab", [], true),
        .init("Benson\n", .matches, "Benson", [], false),
        .init("Crème", .matches, "Cr.me", [], true),
        .init("Crème", .matches, "Creme", d, true),
        .init("WXYZlan", .matches, ".*lan", n, true),
        .init("123", .matches, "\\d+", [], true),
        .init("12a", .matches, "\\d+", [], false),
        // ordering and UTI-EQUALS
        .init("apple", .lessThan, "Banana", [], false),
        .init("apple", .lessThan, "Banana", c, true),
        .init("Public.JPEG", .utiEquals, "public.jpeg", [], true),
        .init("public.png", .utiEquals, "public.jpeg", [], false),
    ]

    @Test(arguments: cases)
    func stringOperator(_ c: Case) throws {
        let p = EV.cmp(EV.c(.string(c.lhs)), c.op, EV.c(.string(c.rhs)), .direct, c.options)
        #expect(try p.evaluate(with: nil) == c.expected)
    }

    @Test func regexErrorsAreReportedEveryTime() {
        let p = EV.cmp(EV.c("a"), .matches, EV.c("*a"))
        for _ in 0..<2 {
            #expect(throws: PredicateEvaluationError.self) { try p.evaluate(with: nil) }
        }
    }
}
