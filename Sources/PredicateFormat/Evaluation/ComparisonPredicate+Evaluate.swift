/// Evaluation of comparisons. The rulings (docs/ACTIVATION.md, rulings 1–8, "Predicate language"):
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
/// - **Types**: numbers compare by value across integers, doubles and booleans; strings
///   with strings; dates with dates. Ordering a string with a number (`<`, `<=`, `>`, `>=`,
///   `BETWEEN`) raises ``PredicateEvaluationError/Code/incomparable`` naming the clause, as
///   Apple and GNUstep raise; any other unordered pair makes `<` false and `==` false.
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
        guard c.operator.orders else { return try plainCompare(c) }
        do throws(PredicateEvaluationError) {
            return try plainCompare(c)
        } catch where error.code == .incomparable {
            throw error.inClause(c.predicateFormat)
        }
    }

    private mutating func plainCompare(_ c: ComparisonPredicate) throws(PredicateEvaluationError) -> Bool {
        let semantics = ComparisonSemantics(c, registry: registry)
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
                return try semantics.between(lhs, low, high)
            }
        }
        let rhs = try value(c.right)
        return try ComparisonSemantics.quantify(c.modifier, lhs) { (e) throws(PredicateEvaluationError) -> Bool in
            try semantics.apply(e, rhs)
        }
    }
}
