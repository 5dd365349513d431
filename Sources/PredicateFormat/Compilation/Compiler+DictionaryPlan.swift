/// A compiled predicate over a dictionary `SELF`, for predicates made only of comparisons
/// of one plain key with a constant (`name == "Benson" AND age > 30`), joined by `AND`, `OR`
/// and `NOT`: the dictionary is passed borrowed, with no context to set up.
typealias DictionaryTest = @Sendable ([String: PredicateValue]) throws(PredicateEvaluationError) -> Bool

extension Compiler {
    /// The dictionary form of `predicate` at `depth`, or `nil` when any part of it needs more
    /// than a key of `SELF` and a constant (or nests too deep, which the general form reports).
    func dictionaryTest(_ predicate: FormatPredicate, depth: Int) -> DictionaryTest? {
        switch predicate {
        case .constant(let b):
            return { (_: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in b }
        case .compound(let c):
            guard depth + 1 <= maximumDepth else { return nil }
            var parts: [DictionaryTest] = []
            for p in c.subpredicates {
                guard let t = dictionaryTest(p, depth: depth + 1) else { return nil }
                parts.append(t)
            }
            return Self.dictionaryCompound(c.kind, parts)
        case .comparison(let c):
            guard let test = dictionaryComparison(c, depth: depth) else { return nil }
            guard c.operator.orders else { return test }
            // An ordering can raise (a string with a number): the error names the clause.
            let clause = c.predicateFormat
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                do throws(PredicateEvaluationError) {
                    return try test(d)
                } catch where error.code == .incomparable {
                    throw error.inClause(clause)
                }
            }
        }
    }

    /// One comparison of a key of `SELF` with a constant, or `nil` when it is not one.
    private func dictionaryComparison(_ c: ComparisonPredicate, depth: Int) -> DictionaryTest? {
        guard let key = Self.rootKey(c.left), let r = constant(c.right, depth: depth) else { return nil }
        let k = constantComparison(ComparisonSemantics(c, registry: registry), r)
        let modifier = c.modifier
        if modifier == .direct {
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                try k.test(KeyPathResolver.lookup(d, key, whole: .dictionary(d)))
            }
        }
        return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
            let l = KeyPathResolver.lookup(d, key, whole: .dictionary(d))
            return try ComparisonSemantics.quantify(modifier, l) { (e) throws(PredicateEvaluationError) -> Bool in try k.test(e) }
        }
    }

    /// `AND`, `OR`, `NOT` over dictionary tests, as ``compound(_:_:)``.
    static func dictionaryCompound(_ kind: CompoundPredicate.Kind, _ parts: [DictionaryTest]) -> DictionaryTest {
        switch (kind, parts.count) {
        case (.and, 0), (.not, 0):
            let result = kind == .and
            return { (_: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in result }
        case (.or, 0):
            return { (_: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in false }
        case (.and, 1), (.or, 1):
            return parts[0]
        case (.not, 1):
            let a = parts[0]
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in try !a(d) }
        case (.and, 2):
            let a = parts[0], b = parts[1]
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                if try !a(d) { return false }
                return try b(d)
            }
        case (.or, 2):
            let a = parts[0], b = parts[1]
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                if try a(d) { return true }
                return try b(d)
            }
        case (.and, _):
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try !p(d) { return false }
                return true
            }
        case (.or, _):
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try p(d) { return true }
                return false
            }
        case (.not, _):
            return { (d: [String: PredicateValue]) throws(PredicateEvaluationError) -> Bool in
                for p in parts where try !p(d) { return true }
                return false
            }
        }
    }
}
