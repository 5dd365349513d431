/// Evaluation of comparisons. The rulings (decisions.md, "Predicate language"):
///
/// - **Null** (a missing key or `NULL`): every comparison with a null operand is false,
///   except `== nil` (true when both are null) and `!= nil` (true when the other side is not
///   null). `!=` is a null test only when one side is written as the `NULL`/`nil` literal.
/// - **Quantifiers**: `ANY`/`SOME` holds for some element, `ALL` for every element (true for
///   an empty collection), `NONE` for no element (true for an empty collection). A
///   dictionary's values are its elements; a single non-collection value is a one-element
///   collection (as Apple does); a null left side makes all three false.
/// - **No quantifier on a collection**: `CONTAINS` and `IN` test membership; every other
///   operator compares the collection as one value (`types == "public.url"` is false when
///   `types` is an array).
/// - **Types**: comparisons never fail on operand types: numbers compare by value across
///   integers, doubles and booleans; strings with strings; dates with dates; anything else
///   is unordered, so `<` is false and `==` is false.
/// - **String operators** (`BEGINSWITH`, `ENDSWITH`, `LIKE`, `MATCHES`) are false unless
///   both sides are strings. A bad `MATCHES` pattern throws `.invalidRegularExpression`.
/// - **`CONTAINS`**: on a string left side, substring search (needs a string right side);
///   on an array (or a dictionary's values), membership; on another value, equality.
/// - **`IN`**: membership in an array or a dictionary's values; substring when both are
///   strings; equality with any other single right-hand value; false for a null right side.
/// - **`BETWEEN`**: the right side must be a two-element array `{low, high}` (else
///   `.invalidArgument`); inclusive at both ends.
/// - **`UTI-CONFORMS-TO`**: both sides must be strings (else false); conformance per the
///   options' ``TypeRegistry`` (reflexive, transitive; unknown identifiers conform only to
///   themselves). **`UTI-EQUALS`**: both strings, equal ignoring case.
extension Evaluator {
    mutating func compare(_ c: ComparisonPredicate) throws(PredicateEvaluationError) -> Bool {
        let lhs = try value(c.left)
        // `x IN {a, b}` and `x BETWEEN {lo, hi}` written as literals: no array is built.
        if c.modifier == .direct, case .aggregate(let items) = c.right {
            if c.operator == .in, !lhs.isNull {
                for item in items where PredicateValue.predicateEqual(lhs, try value(item), options: c.options) {
                    return true
                }
                return false
            }
            if c.operator == .between, items.count == 2, !lhs.isNull {
                let low = try value(items[0]), high = try value(items[1])
                guard let a = PredicateValue.order(lhs, low, options: c.options),
                      let b = PredicateValue.order(lhs, high, options: c.options) else { return false }
                return a != .orderedAscending && b != .orderedDescending
            }
        }
        let rhs = try value(c.right)
        switch c.modifier {
        case .direct:
            return try apply(c, lhs, rhs)
        case .any:
            switch lhs {
            case .array(let a):
                for e in a where try apply(c, e, rhs) { return true }
                return false
            case .dictionary(let d):
                for e in d.values where try apply(c, e, rhs) { return true }
                return false
            case .null: return false
            default: return try apply(c, lhs, rhs)
            }
        case .all, .none:
            let want = c.modifier == .all
            switch lhs {
            case .array(let a):
                for e in a where try apply(c, e, rhs) != want { return false }
                return true
            case .dictionary(let d):
                for e in d.values where try apply(c, e, rhs) != want { return false }
                return true
            case .null: return false
            default: return try apply(c, lhs, rhs) == want
            }
        }
    }

    /// One comparison of two values (after quantification).
    func apply(_ c: ComparisonPredicate, _ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        let options = c.options
        if case .string(let ls) = l, case .string(let rs) = r {
            // The common case: both strings.
            switch c.operator {
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
        if case .null = l {
            if c.operator == .between { try Self.checkBetweenBounds(r) }
            return nullComparison(c, other: r)
        }
        if case .null = r { return nullComparison(c, other: l) }
        switch c.operator {
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
            let (low, high) = try Self.checkBetweenBounds(r)
            guard let a = PredicateValue.order(l, low, options: options),
                  let b = PredicateValue.order(l, high, options: options) else { return false }
            return a != .orderedAscending && b != .orderedDescending
        case .contains:
            return Self.member(r, of: l, options: options)
        case .in:
            return Self.member(l, of: r, options: options)
        case .beginsWith, .endsWith, .like, .matches, .utiConformsTo, .utiEquals:
            return false  // string operators need two strings
        }
    }

    /// A comparison where one side is null and `other` is the other side.
    private func nullComparison(_ c: ComparisonPredicate, other: PredicateValue) -> Bool {
        let otherIsNull: Bool
        if case .null = other { otherIsNull = true } else { otherIsNull = false }
        switch c.operator {
        case .equalTo:
            return otherIsNull
        case .notEqualTo:
            // A null test only when a side is written as the NULL literal.
            return !otherIsNull && (c.left == .constant(.null) || c.right == .constant(.null))
        default:
            return false
        }
    }

    /// The bounds of `BETWEEN`, or `.invalidArgument` (shared with the compiled form).
    @discardableResult
    static func checkBetweenBounds(_ r: PredicateValue) throws(PredicateEvaluationError) -> (PredicateValue, PredicateValue) {
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
