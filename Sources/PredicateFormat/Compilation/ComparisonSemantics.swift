import TypeIdentifiers

/// One comparison operator with its options, applied to two values exactly as the
/// tree-walking evaluator's `apply` does (see `ComparisonPredicate+Evaluate.swift` for the
/// rulings); the general case behind every compiled fast path.
struct ComparisonSemantics: Sendable {
    let op: ComparisonPredicate.Operator
    let options: ComparisonPredicate.Options
    /// Whether either side is written as the `NULL` literal (which makes `!=` a null test).
    let nullLiteral: Bool
    let registry: TypeRegistry

    init(_ c: ComparisonPredicate, registry: TypeRegistry) {
        op = c.operator
        options = c.options
        nullLiteral = c.left == .constant(.null) || c.right == .constant(.null)
        self.registry = registry
    }

    /// One comparison of two values (after quantification).
    func apply(_ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        if case .string(let ls) = l, case .string(let rs) = r {
            switch op {
            case .equalTo: return StringComparison.equal(ls, rs, options: options)
            case .notEqualTo: return !StringComparison.equal(ls, rs, options: options)
            case .beginsWith: return StringComparison.beginsWith(ls, rs, options: options)
            case .endsWith: return StringComparison.endsWith(ls, rs, options: options)
            case .contains: return StringComparison.contains(ls, rs, options: options)
            case .in: return StringComparison.contains(rs, ls, options: options)
            case .like: return StringComparison.like(ls, rs, options: options)
            case .matches: return try RegexMatching.matches(ls, rs, options: options)
            case .utiConformsTo: return registry.conforms(ls, to: rs)
            case .utiEquals: return StringComparison.equal(ls, rs, options: .caseInsensitive)
            default: break
            }
        }
        return try applyMixed(l, r)
    }

    /// `apply` once the two-strings case is ruled out (or not handled by the operator).
    func applyMixed(_ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        if case .null = l {
            if op == .between { try Evaluator.checkBetweenBounds(r) }
            return nullComparison(other: r)
        }
        if case .null = r { return nullComparison(other: l) }
        switch op {
        case .equalTo:
            return PredicateValue.predicateEqual(l, r, options: options)
        case .notEqualTo:
            return !PredicateValue.predicateEqual(l, r, options: options)
        case .lessThan:
            return PredicateValue.order(l, r, options: options) == .orderedAscending
        case .lessThanOrEqualTo:
            guard let o = PredicateValue.order(l, r, options: options) else { return false }
            return o != .orderedDescending
        case .greaterThan:
            return PredicateValue.order(l, r, options: options) == .orderedDescending
        case .greaterThanOrEqualTo:
            guard let o = PredicateValue.order(l, r, options: options) else { return false }
            return o != .orderedAscending
        case .between:
            let (low, high) = try Evaluator.checkBetweenBounds(r)
            return between(l, low, high)
        case .contains:
            return Evaluator.member(r, of: l, options: options)
        case .in:
            return Evaluator.member(l, of: r, options: options)
        case .beginsWith, .endsWith, .like, .matches, .utiConformsTo, .utiEquals:
            return false  // string operators need two strings
        }
    }

    /// `l BETWEEN {low, high}`, inclusive; false when either bound cannot be ordered with `l`.
    @inline(__always)
    func between(_ l: PredicateValue, _ low: PredicateValue, _ high: PredicateValue) -> Bool {
        guard let a = PredicateValue.order(l, low, options: options),
              let b = PredicateValue.order(l, high, options: options) else { return false }
        return a != .orderedAscending && b != .orderedDescending
    }

    /// A comparison where one side is null and `other` is the other side.
    func nullComparison(other: PredicateValue) -> Bool {
        let otherIsNull: Bool
        if case .null = other { otherIsNull = true } else { otherIsNull = false }
        switch op {
        case .equalTo: return otherIsNull
        case .notEqualTo: return !otherIsNull && nullLiteral
        default: return false
        }
    }
}
