import PredicateFormat
import Testing

/// Comparison operators, their aliases, options and quantifiers.
@Suite struct ParsingComparisonTests {
    typealias T = SyntaxTree

    static let operators: [PredicateCase] = [
        PredicateCase("= is equalTo", "a = 1", T.compare(T.key("a"), .equalTo, T.int(1))),
        PredicateCase("== is equalTo", "a == 1", T.compare(T.key("a"), .equalTo, T.int(1))),
        PredicateCase("!= is notEqualTo", "a != 1", T.compare(T.key("a"), .notEqualTo, T.int(1))),
        PredicateCase("<> is notEqualTo", "a <> 1", T.compare(T.key("a"), .notEqualTo, T.int(1))),
        PredicateCase("<", "a < 1", T.compare(T.key("a"), .lessThan, T.int(1))),
        PredicateCase("<=", "a <= 1", T.compare(T.key("a"), .lessThanOrEqualTo, T.int(1))),
        PredicateCase("=< is <=", "a =< 1", T.compare(T.key("a"), .lessThanOrEqualTo, T.int(1))),
        PredicateCase(">", "a > 1", T.compare(T.key("a"), .greaterThan, T.int(1))),
        PredicateCase(">=", "a >= 1", T.compare(T.key("a"), .greaterThanOrEqualTo, T.int(1))),
        PredicateCase("=> is >=", "a => 1", T.compare(T.key("a"), .greaterThanOrEqualTo, T.int(1))),
        PredicateCase("no spaces", "a>=1", T.compare(T.key("a"), .greaterThanOrEqualTo, T.int(1))),
        PredicateCase("IN", "a IN {1, 2}", T.compare(T.key("a"), .in, .aggregate([T.int(1), T.int(2)]))),
        PredicateCase("CONTAINS", "a CONTAINS 'x'", T.compare(T.key("a"), .contains, T.string("x"))),
        PredicateCase("BEGINSWITH", "a BEGINSWITH 'x'", T.compare(T.key("a"), .beginsWith, T.string("x"))),
        PredicateCase("ENDSWITH", "a ENDSWITH 'x'", T.compare(T.key("a"), .endsWith, T.string("x"))),
        PredicateCase("LIKE", "a LIKE 'x*'", T.compare(T.key("a"), .like, T.string("x*"))),
        PredicateCase("MATCHES", "a MATCHES '[a-z]+'", T.compare(T.key("a"), .matches, T.string("[a-z]+"))),
        PredicateCase("BETWEEN array", "a BETWEEN {1, 5}",
                      T.compare(T.key("a"), .between, .aggregate([T.int(1), T.int(5)]))),
        PredicateCase("BETWEEN expression", "a BETWEEN bounds", T.compare(T.key("a"), .between, T.key("bounds"))),
        PredicateCase("UTI-CONFORMS-TO", "t UTI-CONFORMS-TO 'public.image'",
                      T.compare(T.key("t"), .utiConformsTo, T.string("public.image"))),
        PredicateCase("uti-conforms-to lowercase", "t uti-conforms-to 'public.image'",
                      T.compare(T.key("t"), .utiConformsTo, T.string("public.image"))),
        PredicateCase("UTI-EQUALS", "t UTI-EQUALS 'public.png'", T.compare(T.key("t"), .utiEquals, T.string("public.png"))),
        PredicateCase("Uti-Equals mixed case", "t Uti-Equals 'public.png'",
                      T.compare(T.key("t"), .utiEquals, T.string("public.png"))),
        PredicateCase("lowercase keyword operator", "a contains 'x'", T.compare(T.key("a"), .contains, T.string("x"))),
        PredicateCase("mixed-case keyword operator", "a BeginsWith 'x'", T.compare(T.key("a"), .beginsWith, T.string("x"))),
        PredicateCase("key named uti minus", "uti - 1 > 0",
                      T.compare(T.arithmetic(T.key("uti"), .subtract, T.int(1)), .greaterThan, T.int(0))),
    ]

    @Test("comparison operators and aliases", arguments: operators)
    func parsesOperator(_ testCase: PredicateCase) throws {
        #expect(try FormatPredicate(format: testCase.source) == testCase.expected)
    }

    static let options: [PredicateCase] = [
        PredicateCase("[c]", "a ==[c] 'x'", T.compare(T.key("a"), .equalTo, T.string("x"), options: .caseInsensitive)),
        PredicateCase("[d]", "a CONTAINS[d] 'x'",
                      T.compare(T.key("a"), .contains, T.string("x"), options: .diacriticInsensitive)),
        PredicateCase("[cd]", "a LIKE[cd] 'x'",
                      T.compare(T.key("a"), .like, T.string("x"), options: [.caseInsensitive, .diacriticInsensitive])),
        PredicateCase("[dc] any order", "a LIKE[dc] 'x'",
                      T.compare(T.key("a"), .like, T.string("x"), options: [.caseInsensitive, .diacriticInsensitive])),
        PredicateCase("[n]", "a MATCHES[n] 'x'", T.compare(T.key("a"), .matches, T.string("x"), options: .normalized)),
        PredicateCase("[CD] uppercase", "a BEGINSWITH[CD] 'x'",
                      T.compare(T.key("a"), .beginsWith, T.string("x"), options: [.caseInsensitive, .diacriticInsensitive])),
        PredicateCase("[cdn] all three", "a ENDSWITH[cdn] 'x'",
                      T.compare(T.key("a"), .endsWith, T.string("x"), options: [.caseInsensitive, .diacriticInsensitive, .normalized])),
        PredicateCase("spaces around", "a CONTAINS [ c ] 'x'",
                      T.compare(T.key("a"), .contains, T.string("x"), options: .caseInsensitive)),
        PredicateCase("on IN", "a IN[c] {'x'}", T.compare(T.key("a"), .in, .aggregate([T.string("x")]), options: .caseInsensitive)),
    ]

    @Test("comparison options", arguments: options)
    func parsesOptions(_ testCase: PredicateCase) throws {
        #expect(try FormatPredicate(format: testCase.source) == testCase.expected)
    }

    static let quantifiers: [PredicateCase] = [
        PredicateCase("ANY", "ANY tags == 'x'", T.compare(T.key("tags"), .equalTo, T.string("x"), .any)),
        PredicateCase("SOME is ANY", "SOME tags == 'x'", T.compare(T.key("tags"), .equalTo, T.string("x"), .any)),
        PredicateCase("some lowercase", "some tags == 'x'", T.compare(T.key("tags"), .equalTo, T.string("x"), .any)),
        PredicateCase("ALL", "ALL tags == 'x'", T.compare(T.key("tags"), .equalTo, T.string("x"), .all)),
        PredicateCase("NONE", "NONE tags == 'x'", T.compare(T.key("tags"), .equalTo, T.string("x"), .none)),
        PredicateCase("ANY with options", "ANY tags CONTAINS[c] 'x'",
                      T.compare(T.key("tags"), .contains, T.string("x"), .any, options: .caseInsensitive)),
        PredicateCase("ANY on a variable path", "ANY $a.types UTI-CONFORMS-TO 'public.url'",
                      T.attachmentConforms("public.url", variable: "a").replacingKey("types")),
        PredicateCase("ANY inside parentheses", "(ANY tags == 'x')", T.compare(T.key("tags"), .equalTo, T.string("x"), .any)),
    ]

    @Test("ANY, SOME, ALL and NONE", arguments: quantifiers)
    func parsesQuantifier(_ testCase: PredicateCase) throws {
        #expect(try FormatPredicate(format: testCase.source) == testCase.expected)
    }
}

extension FormatPredicate {
    /// The same `ANY $x.registeredTypeIdentifiers …` comparison with another key.
    fileprivate func replacingKey(_ key: String) -> FormatPredicate {
        guard case .comparison(var comparison) = self, case .keyPath(var path) = comparison.left else { return self }
        path.components = [key]
        comparison.left = .keyPath(path)
        return .comparison(comparison)
    }
}
