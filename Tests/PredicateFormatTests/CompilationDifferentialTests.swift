import PredicateFormat
import TypeIdentifiers
import Testing

/// Every evaluation test case, run through `compiled()` as well: both must agree on the
/// result or the error (code and message), under the default and under tiny depth limits,
/// for value objects and for key-value-coding objects.
@Suite struct CompilationDifferentialTests {
    /// Every `EvalCase` of the evaluation suites.
    static let evalCases: [EvalCase] =
        EvaluationComparisonTests.cases + EvaluationRulingTests.nullCases + EvaluationSubqueryTests.cases

    @Test(arguments: evalCases)
    func evaluationCase(_ c: EvalCase) {
        let (walked, compiled) = Differential.outcomes(c.predicate, c.object)
        #expect(compiled == walked)
        #expect(compiled == .value(c.expected))
        for limit in Differential.depthLimits {
            let (w, k) = Differential.outcomes(c.predicate, c.object, options: .init(maximumDepth: limit))
            #expect(k == w, "maximumDepth \(limit)")
        }
    }

    /// The cases whose object is a dictionary: those have a key-value-coding twin.
    static let dictionaryCases: [EvalCase] = evalCases.filter {
        if case .dictionary = $0.object { true } else { false }
    }

    @Test(arguments: dictionaryCases)
    func evaluationCaseOnSwiftObject(_ c: EvalCase) throws {
        guard case .dictionary(let values) = c.object else {
            Issue.record("not a dictionary case: \(c)")
            return
        }
        let (walked, compiled) = Differential.outcomes(c.predicate, object: KVCObject(values: values))
        #expect(compiled == walked)
    }

    @Test(arguments: EvaluationRulingTests.errorCases)
    func errorCase(_ c: EvaluationRulingTests.ErrorCase) {
        let (walked, compiled) = Differential.outcomes(c.predicate, EV.person)
        #expect(compiled == walked)
        guard case .error(let code, let message) = compiled else {
            Issue.record("expected \(c.code), got \(compiled)")
            return
        }
        #expect(code == c.code)
        #expect(message.contains(c.mentions))
    }

    @Test(arguments: EvaluationStringTests.cases)
    func stringCase(_ c: EvaluationStringTests.Case) {
        // The constant on the right is prepared at compile time; on the left it is not.
        let p = EV.cmp(EV.c(.string(c.lhs)), c.op, EV.c(.string(c.rhs)), .direct, c.options)
        let (walked, compiled) = Differential.outcomes(p, nil)
        #expect(compiled == walked)
        #expect(compiled == .value(c.expected))
        let fromKey = EV.cmp(EV.kp("s"), c.op, EV.c(.string(c.rhs)), .direct, c.options)
        let (w, k) = Differential.outcomes(fromKey, ["s": .string(c.lhs)])
        #expect(k == w)
        let bothKeys = EV.cmp(EV.kp("s"), c.op, EV.kp("t"), .direct, c.options)
        let (w2, k2) = Differential.outcomes(bothKeys, ["s": .string(c.lhs), "t": .string(c.rhs)])
        #expect(k2 == w2)
    }

    @Test func deeplyNestedPredicateFailsAlike() {
        var p = FormatPredicate.constant(true)
        for _ in 0..<5_000 { p = EV.not(p) }
        let (walked, compiled) = Differential.outcomes(p, nil)
        #expect(compiled == walked)
        #expect(compiled != .value(true))
        var e = FormatExpression.constant(1)
        for _ in 0..<5_000 { e = .negate(e) }
        let q = EV.cmp(e, .equalTo, EV.c(1))
        let (w, k) = Differential.outcomes(q, nil)
        #expect(k == w)
    }

    @Test func nestingWithinTheLimitEvaluates() throws {
        var p = FormatPredicate.constant(true)
        for _ in 0..<200 { p = EV.not(p) }
        #expect(try p.compiled().evaluate(with: nil) == true)
    }

    @Test func substitutionVariables() throws {
        let compiled = try EV.cmp(EV.kp("age"), .greaterThan, EV.v("min")).compiled()
        #expect(try compiled.evaluate(with: EV.person, substitutionVariables: ["min": 30]) == true)
        #expect(try compiled.evaluate(with: EV.person, substitutionVariables: ["min": 50]) == false)
        #expect(throws: PredicateEvaluationError.self) { try compiled.evaluate(with: EV.person) }
    }

    @Test func privateRegistryWithBundleTypes() throws {
        let registry = TypeRegistry()
        try registry.register([TypeDeclaration("com.example.sketch", conformsTo: ["public.image"])])
        let rule = EvaluationSubqueryTests.anyAttachment("public.image")
        let object = EV.share([[["com.example.sketch"]]])
        #expect(try rule.compiled(options: .init(typeRegistry: registry)).evaluate(with: object) == true)
        #expect(try rule.compiled().evaluate(with: object) == false)
    }

    @Test func typesRegisteredAfterCompilingCount() throws {
        let registry = TypeRegistry()
        let rule = try EvaluationSubqueryTests.anyAttachment("public.image").compiled(options: .init(typeRegistry: registry))
        let object = EV.share([[["com.example.later"]]])
        #expect(try rule.evaluate(with: object) == false)
        try registry.register([TypeDeclaration("com.example.later", conformsTo: ["public.png"])])
        #expect(try rule.evaluate(with: object) == true)
        let undeclaredTarget = try EV.cmp(EV.kp("t"), .utiConformsTo, EV.c("com.example.base"))
            .compiled(options: .init(typeRegistry: registry))
        try registry.register([TypeDeclaration("com.example.base", conformsTo: ["public.data"]),
                               TypeDeclaration("com.example.derived", conformsTo: ["com.example.base"])])
        #expect(try undeclaredTarget.evaluate(with: ["t": "com.example.derived"]) == true)
    }

    @Test func nestedSubqueriesBindIndependently() throws {
        let inner = EV.cmp(EV.count(EV.sub(EV.kp("b"), "x", EV.cmp(EV.v("x"), .equalTo, EV.c(2)))), .equalTo, EV.c(1))
        let outer = EV.sub(EV.kp("a"), "x", EV.and(inner, EV.cmp(EV.v("x"), .equalTo, EV.c(1))))
        let p = EV.cmp(EV.count(outer), .equalTo, EV.c(1))
        #expect(try p.compiled().evaluate(with: ["a": [1, 3], "b": [2, 5]]) == true)
    }

    @Test func regexErrorsAreReportedEveryTime() throws {
        let compiled = try EV.cmp(EV.kp("s"), .matches, EV.c("*a")).compiled()
        for _ in 0..<2 {
            #expect(throws: PredicateEvaluationError.self) { try compiled.evaluate(with: ["s": "a"]) }
        }
        // Not reached with two strings: no error, as in the evaluator.
        #expect(try compiled.evaluate(with: ["s": 1]) == false)
    }
}
