extension FormatPredicate {
    /// Evaluates the predicate against a value (typically a dictionary).
    ///
    /// Key paths look keys up in dictionaries; a key applied to an array maps over its
    /// elements (Apple's key-value coding). See ``ComparisonPredicate`` evaluation rules in
    /// `ComparisonPredicate+Evaluate.swift` for how each operator treats nulls, collections
    /// and mismatched types.
    /// - Parameters:
    ///   - object: the object `SELF` and bare key paths refer to.
    ///   - substitutionVariables: values for `$name` variables.
    ///   - options: the type registry for `UTI-CONFORMS-TO`, and limits.
    /// - Throws: ``PredicateEvaluationError`` for an invalid regular expression, arithmetic
    ///   on non-numbers, an unbound variable, a malformed `BETWEEN`, or nesting too deep.
    public func evaluate(
        with object: PredicateValue,
        substitutionVariables: [String: PredicateValue] = [:]
    ) throws(PredicateEvaluationError) -> Bool {
        var evaluator = Evaluator(value: object, substitutions: substitutionVariables,
                                  registry: TypeRegistry.shared, maximumDepth: PredicateEvaluationOptions.defaultMaximumDepth)
        return try evaluator.test(self)
    }

    /// Evaluates the predicate against a value with explicit options (a type registry with
    /// bundle-declared types, a depth limit); otherwise as ``evaluate(with:substitutionVariables:)-(PredicateValue,_)``.
    public func evaluate(
        with object: PredicateValue,
        substitutionVariables: [String: PredicateValue] = [:],
        options: PredicateEvaluationOptions
    ) throws(PredicateEvaluationError) -> Bool {
        var evaluator = Evaluator(value: object, substitutions: substitutionVariables, options: options)
        return try withExtendedLifetime(options) { () throws(PredicateEvaluationError) -> Bool in try evaluator.test(self) }
    }

    /// Evaluates the predicate against a Swift object that answers key lookups itself.
    ///
    /// The object's ``PredicateKeyValueCoding/predicateValue(forKey:)`` answers the first
    /// component of each key path that starts at `SELF`; the rest walks the returned value.
    public func evaluate(
        with object: some PredicateKeyValueCoding,
        substitutionVariables: [String: PredicateValue] = [:],
        options: PredicateEvaluationOptions = .default
    ) throws(PredicateEvaluationError) -> Bool {
        var evaluator = Evaluator(value: .null, object: object,
                                  substitutions: substitutionVariables, options: options)
        return try withExtendedLifetime(options) { () throws(PredicateEvaluationError) -> Bool in try evaluator.test(self) }
    }
}

extension Evaluator {
    /// Evaluates a predicate.
    ///
    /// `AND` stops at the first false operand, `OR` at the first true one; `AND` of nothing is
    /// true, `OR` of nothing false. A `NOT` over several operands negates their `AND`.
    mutating func test(_ predicate: FormatPredicate) throws(PredicateEvaluationError) -> Bool {
        switch predicate {
        case .constant(let b):
            return b
        case .comparison(let c):
            return try compare(c)
        case .compound(let c):
            try enter()
            defer { depth -= 1 }
            switch c.kind {
            case .and:
                for p in c.subpredicates where try !test(p) { return false }
                return true
            case .or:
                for p in c.subpredicates where try test(p) { return true }
                return false
            case .not:
                for p in c.subpredicates where try !test(p) { return true }
                return false
            }
        }
    }
}
