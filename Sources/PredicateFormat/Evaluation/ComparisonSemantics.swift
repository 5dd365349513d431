import TypeIdentifiers

/// One comparison operator with its options, applied to two values: the single definition
/// of the comparison rulings (see `ComparisonPredicate+Evaluate.swift`) that both the
/// tree-walking evaluator and the compiled form call. Compiled fast paths cover some
/// operand types themselves and fall back to it for the rest.
struct ComparisonSemantics: Sendable {
    let op: ComparisonPredicate.Operator
    let options: ComparisonPredicate.Options
    /// Whether either side is written as the `NULL` literal (which makes `!=` a null test).
    let nullLiteral: Bool
    /// Unowned: the holder keeps the registry alive (the evaluator's caller its options, a
    /// ``CompiledPredicate`` its own reference); skipping the retain matters on the hot path.
    unowned(unsafe) let registry: TypeRegistry

    @inline(__always)
    init(_ c: ComparisonPredicate, registry: TypeRegistry) {
        op = c.operator
        options = c.options
        nullLiteral = c.left.isNullLiteral || c.right.isNullLiteral
        self.registry = registry
    }

    /// One comparison of two values (after quantification).
    func apply(_ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        if case .string(let ls) = l, case .string(let rs) = r {
            // The common case: both strings.
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
            if op == .between { try Self.betweenBounds(r) }
            return nullComparison(other: r)
        }
        if case .null = r { return nullComparison(other: l) }
        switch op {
        case .equalTo:
            return PredicateValue.predicateEqual(l, r, options: options)
        case .notEqualTo:
            return !PredicateValue.predicateEqual(l, r, options: options)
        case .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            try Self.checkOrderable(l, r, op)
            return ordered(l, r)
        case .between:
            let (low, high) = try Self.betweenBounds(r)
            return try between(l, low, high)
        case .contains:
            return Self.member(r, of: l, options: options)
        case .in:
            return Self.member(l, of: r, options: options)
        case .beginsWith, .endsWith, .like, .matches, .utiConformsTo, .utiEquals:
            return false  // string operators need two strings
        }
    }

    /// `l op r` for an ordering operator, once both can be ordered.
    @inline(__always)
    private func ordered(_ l: PredicateValue, _ r: PredicateValue) -> Bool {
        switch op {
        case .lessThan:
            return PredicateValue.order(l, r, options: options) == .orderedAscending
        case .lessThanOrEqualTo:
            guard let o = PredicateValue.order(l, r, options: options) else { return false }
            return o != .orderedDescending
        case .greaterThan:
            return PredicateValue.order(l, r, options: options) == .orderedDescending
        default:
            guard let o = PredicateValue.order(l, r, options: options) else { return false }
            return o != .orderedAscending
        }
    }

    /// Throws ``PredicateEvaluationError/Code/incomparable`` for a string ordered with a
    /// number (either way round): Apple's and GNUstep's `compare:` raise there. Other
    /// values that have no order with each other compare false.
    static func checkOrderable(_ l: PredicateValue, _ r: PredicateValue, _ op: ComparisonPredicate.Operator) throws(PredicateEvaluationError) {
        let stringAndNumber = (l.isStringValue && r.isNumeric) || (l.isNumeric && r.isStringValue)
        guard stringAndNumber else { return }
        throw PredicateEvaluationError(.incomparable,
            "cannot order \(l.summary) and \(r.summary) with \(op.spelling): a string and a number have no order "
            + "(Apple and GNUstep raise an exception here)")
    }

    /// `l BETWEEN {low, high}`, inclusive; false when either bound cannot be ordered with `l`,
    /// an error when a string is ordered with a number.
    @inline(__always)
    func between(_ l: PredicateValue, _ low: PredicateValue, _ high: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        try Self.checkOrderable(l, low, .between)
        try Self.checkOrderable(l, high, .between)
        guard let a = PredicateValue.order(l, low, options: options),
              let b = PredicateValue.order(l, high, options: options) else { return false }
        return a != .orderedAscending && b != .orderedDescending
    }

    /// A comparison where one side is null and `other` is the other side: `==` holds when
    /// both are null; `!=` when only one is and a side is written as the `NULL` literal.
    func nullComparison(other: PredicateValue) -> Bool {
        let otherIsNull: Bool
        if case .null = other { otherIsNull = true } else { otherIsNull = false }
        switch op {
        case .equalTo: return otherIsNull
        case .notEqualTo: return !otherIsNull && nullLiteral
        default: return false
        }
    }

    /// `ANY`/`SOME`: some element; `ALL`: every element; `NONE`: no element. A dictionary's
    /// values are its elements, a single value is one element, and null makes all false;
    /// without a quantifier, `body` gets `l` itself.
    @inline(__always)
    static func quantify(_ modifier: ComparisonPredicate.Modifier, _ l: PredicateValue,
                         _ body: (PredicateValue) throws(PredicateEvaluationError) -> Bool) throws(PredicateEvaluationError) -> Bool {
        switch modifier {
        case .direct:
            return try body(l)
        case .any:
            switch l {
            case .array(let a):
                for e in a where try body(e) { return true }
                return false
            case .dictionary(let d):
                for e in d.values where try body(e) { return true }
                return false
            case .null: return false
            default: return try body(l)
            }
        case .all, .none:
            let want = modifier == .all
            switch l {
            case .array(let a):
                for e in a where try body(e) != want { return false }
                return true
            case .dictionary(let d):
                for e in d.values where try body(e) != want { return false }
                return true
            case .null: return false
            default: return try body(l) == want
            }
        }
    }

    /// The bounds of `BETWEEN`, or `.invalidArgument`.
    @discardableResult
    static func betweenBounds(_ r: PredicateValue) throws(PredicateEvaluationError) -> (PredicateValue, PredicateValue) {
        guard case .array(let a) = r, a.count == 2 else {
            throw PredicateEvaluationError(.invalidArgument,
                "BETWEEN needs a two-element array {low, high} on the right, got \(r.summary)")
        }
        return (a[0], a[1])
    }

    /// Whether `element` is in `collection`: an array's elements, a dictionary's values, a
    /// substring of a string, or equal to a single value.
    static func member(_ element: PredicateValue, of collection: PredicateValue,
                       options: ComparisonPredicate.Options) -> Bool {
        switch collection {
        case .array(let a):
            return a.contains { PredicateValue.predicateEqual(element, $0, options: options) }
        case .dictionary(let d):
            return d.values.contains { PredicateValue.predicateEqual(element, $0, options: options) }
        case .string(let s):
            guard case .string(let e) = element else { return false }
            return StringComparison.contains(s, e, options: options)
        case .null:
            return false
        default:
            return PredicateValue.predicateEqual(element, collection, options: options)
        }
    }
}

extension FormatExpression {
    /// Whether the expression is the `NULL` literal itself.
    @inline(__always)
    var isNullLiteral: Bool {
        if case .constant(.null) = self { return true }
        return false
    }
}

extension PredicateValue {
    /// Whether the value is a string.
    var isStringValue: Bool {
        if case .string = self { return true }
        return false
    }
}
