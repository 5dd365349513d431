import Testing
import PredicateFormat

/// The null rulings and the documented outcomes of evaluation problems.
@Suite struct EvaluationRulingTests {
    static let nullCases: [EvalCase] = {
        let missing = EV.kp("missing"), nick = EV.kp("nickname"), name = EV.kp("name")
        return [
            .init("missing == nil", EV.cmp(missing, .equalTo, EV.c(nil)), true),
            .init("NSNull == nil", EV.cmp(nick, .equalTo, EV.c(nil)), true),
            .init("present == nil", EV.cmp(name, .equalTo, EV.c(nil)), false),
            .init("missing != nil", EV.cmp(missing, .notEqualTo, EV.c(nil)), false),
            .init("present != nil", EV.cmp(name, .notEqualTo, EV.c(nil)), true),
            .init("nil != present (literal on the left)", EV.cmp(EV.c(nil), .notEqualTo, name), true),
            .init("missing != value is false", EV.cmp(missing, .notEqualTo, EV.c("Ben")), false),
            .init("missing == value", EV.cmp(missing, .equalTo, EV.c("Ben")), false),
            .init("missing LIKE", EV.cmp(missing, .like, EV.c("Ben")), false),
            .init("missing < number", EV.cmp(missing, .lessThan, EV.c(5)), false),
            .init("missing > number", EV.cmp(missing, .greaterThan, EV.c(5)), false),
            .init("missing IN", EV.cmp(missing, .in, EV.c([nil, 1])), false),
            .init("IN missing", EV.cmp(name, .in, missing), false),
            .init("missing CONTAINS", EV.cmp(missing, .contains, EV.c("a")), false),
            .init("missing BETWEEN", EV.cmp(missing, .between, EV.c([1, 2])), false),
            .init("missing UTI-CONFORMS-TO", EV.cmp(missing, .utiConformsTo, EV.c("public.data")), false),
            .init("ANY missing", EV.cmp(missing, .equalTo, EV.c(1), .any), false),
            .init("ALL missing", EV.cmp(missing, .equalTo, EV.c(1), .all), false),
            .init("NONE missing", EV.cmp(missing, .equalTo, EV.c(1), .none), false),
            .init("NOT (missing == value) is true", EV.not(EV.cmp(missing, .equalTo, EV.c("Ben"))), true),
            .init("x = nil OR x > 5 includes nulls",
                  EV.or(EV.cmp(missing, .equalTo, EV.c(nil)), EV.cmp(missing, .greaterThan, EV.c(5))), true),
            .init("key path into a number is null", EV.cmp(EV.kp("age.value"), .equalTo, EV.c(nil)), true),
            .init("key path into a string is null", EV.cmp(EV.kp("name.first"), .greaterThan, EV.c(0)), false),
            .init("arithmetic with null is null", EV.cmp(.arithmetic(.init(missing, .add, EV.c(1))), .equalTo, EV.c(nil)), true),
            .init("index out of range is null", EV.cmp(.index(.init(EV.kp("tags"), .expression(EV.c(9)))), .equalTo, EV.c(nil)), true),
            .init("FIRST of empty is null", EV.cmp(.index(.init(EV.kp("empty"), .first)), .equalTo, EV.c(nil)), true),
        ]
    }()

    @Test(arguments: nullCases)
    func nullSemantics(_ c: EvalCase) throws {
        #expect(try c.predicate.evaluate(with: c.object) == c.expected)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let predicate: FormatPredicate
        let code: PredicateEvaluationError.Code
        let mentions: String
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        // Ordering a string with a number raises on Apple and GNUstep; the error names the
        // values and the clause.
        .init(name: "< string vs number raises", predicate: EV.cmp(EV.kp("name"), .lessThan, EV.c(5)),
              code: .incomparable, mentions: "cannot order \"Benson\" and 5 with <"),
        .init(name: "> number vs string raises", predicate: EV.cmp(EV.kp("age"), .greaterThan, EV.c("x")),
              code: .incomparable, mentions: "(in age > \"x\")"),
        .init(name: "BETWEEN a string and numbers raises", predicate: EV.cmp(EV.kp("name"), .between, EV.c([1, 2])),
              code: .incomparable, mentions: "with BETWEEN"),
        .init(name: "ANY element ordered with a number raises", predicate: EV.cmp(EV.kp("tags"), .lessThanOrEqualTo, EV.c(2), .any),
              code: .incomparable, mentions: "<="),
        .init(name: "bad regex", predicate: EV.cmp(EV.kp("name"), .matches, EV.c("([a-")),
              code: .invalidRegularExpression, mentions: "([a-"),
        .init(name: "BETWEEN with three bounds", predicate: EV.cmp(EV.kp("age"), .between, EV.c([1, 2, 3])),
              code: .invalidArgument, mentions: "two-element"),
        .init(name: "BETWEEN with a scalar", predicate: EV.cmp(EV.kp("age"), .between, EV.c(5)),
              code: .invalidArgument, mentions: "5"),
        .init(name: "BETWEEN null lhs still checks bounds", predicate: EV.cmp(EV.kp("missing"), .between, EV.c("x")),
              code: .invalidArgument, mentions: "\"x\""),
        .init(name: "arithmetic on a string", predicate: EV.cmp(.arithmetic(.init(EV.kp("name"), .multiply, EV.c(2))), .greaterThan, EV.c(1)),
              code: .typeMismatch, mentions: "\"Benson\""),
        .init(name: "division by zero", predicate: EV.cmp(.arithmetic(.init(EV.kp("age"), .divide, EV.c(0))), .greaterThan, EV.c(1)),
              code: .invalidArgument, mentions: "division by zero"),
        .init(name: "double division by zero", predicate: EV.cmp(.arithmetic(.init(EV.kp("height"), .divide, EV.c(0.0))), .greaterThan, EV.c(1)),
              code: .invalidArgument, mentions: "1.82"),
        .init(name: "negating a string", predicate: EV.cmp(.negate(EV.kp("name")), .equalTo, EV.c(1)),
              code: .typeMismatch, mentions: "Benson"),
        .init(name: "unbound variable", predicate: EV.cmp(EV.v("nope"), .equalTo, EV.c(1)),
              code: .undefinedVariable, mentions: "$nope"),
        .init(name: "unknown function", predicate: EV.cmp(.function(.init("frobnicate", [])), .equalTo, EV.c(1)),
              code: .unsupported, mentions: "frobnicate"),
        .init(name: "function arity", predicate: EV.cmp(.function(.init("sqrt", [EV.c(1), EV.c(2)])), .equalTo, EV.c(1)),
              code: .invalidArgument, mentions: "sqrt"),
        .init(name: "sum of strings", predicate: EV.cmp(EV.kp("tags.@sum"), .equalTo, EV.c(1)),
              code: .typeMismatch, mentions: "\"swift\""),
        .init(name: "unknown collection operator", predicate: EV.cmp(EV.kp("tags.@median"), .equalTo, EV.c(1)),
              code: .unsupported, mentions: "@median"),
        .init(name: "subscripting a string", predicate: EV.cmp(.index(.init(EV.kp("name"), .expression(EV.c(0)))), .equalTo, EV.c(1)),
              code: .typeMismatch, mentions: "Benson"),
        .init(name: "array subscript by string", predicate: EV.cmp(.index(.init(EV.kp("tags"), .expression(EV.c("a")))), .equalTo, EV.c(1)),
              code: .typeMismatch, mentions: "\"a\""),
        .init(name: "UNION of a number", predicate: EV.cmp(.setOperation(.init(EV.kp("age"), .union, EV.kp("tags"))), .equalTo, EV.c(1)),
              code: .typeMismatch, mentions: "42"),
    ]

    @Test(arguments: errorCases)
    func evaluationErrors(_ c: ErrorCase) {
        #expect {
            try c.predicate.evaluate(with: EV.person)
        } throws: { error in
            guard let e = error as? PredicateEvaluationError else { return false }
            return e.code == c.code && e.message.contains(c.mentions) && "\(e)".hasPrefix(c.code.rawValue)
        }
    }

    @Test func deeplyNestedPredicateFailsCleanly() {
        var p = FormatPredicate.constant(true)
        for _ in 0..<5_000 { p = EV.not(p) }
        #expect(throws: PredicateEvaluationError.self) { try p.evaluate(with: nil) }
        var e = FormatExpression.constant(1)
        for _ in 0..<5_000 { e = .negate(e) }
        #expect(throws: PredicateEvaluationError.self) { try e.expressionValue(with: nil) }
    }

    @Test func nestingWithinTheLimitEvaluates() throws {
        var p = FormatPredicate.constant(true)
        for _ in 0..<200 { p = EV.not(p) }
        #expect(try p.evaluate(with: nil) == true)
    }

    @Test func substitutionVariables() throws {
        let p = EV.cmp(EV.kp("age"), .greaterThan, EV.v("min"))
        #expect(try p.evaluate(with: EV.person, substitutionVariables: ["min": 30]) == true)
        #expect(try p.evaluate(with: EV.person, substitutionVariables: ["min": 50]) == false)
    }
}
