/// A comparison against a right-hand value known at compile time, with the work that
/// depends only on it done once. Each fast path covers the left-hand values it names and
/// falls back to the general ``ComparisonSemantics`` for the rest.
struct ConstantComparison: Sendable {
    enum Fast: Sendable {
        /// `==` (or `!=` when negated) with a string, no options: `String` equality.
        case stringEqual(String, negated: Bool)
        /// Any other operator of two strings, prepared (see ``PreparedString``).
        case string(CompiledStringKernel)
        /// Equality or ordering of two integers.
        case integer(ComparisonPredicate.Operator, Int)
        /// Equality or ordering of two doubles (NaN is unordered and unequal).
        case double(ComparisonPredicate.Operator, Double)
        /// `BETWEEN {low, high}` with integer bounds, for an integer.
        case integerBetween(Int, Int)
        /// `IN` a long constant list, for a string.
        case stringSet(ConstantMembership)
        /// No fast path.
        case none
    }

    let fast: Fast
    let semantics: ComparisonSemantics
    let right: PredicateValue

    /// Whether `l op right` holds.
    @inline(__always)
    func test(_ l: PredicateValue) throws(PredicateEvaluationError) -> Bool {
        switch fast {
        case .stringEqual(let rs, let negated):
            if case .string(let ls) = l { return (ls == rs) != negated }
        case .string(let kernel):
            if case .string(let ls) = l { return try kernel(ls) }
        case .integer(let op, let k):
            if case .integer(let x) = l { return Self.compare(x, op, k) }
        case .double(let op, let k):
            if case .double(let x) = l {
                if x.isNaN || k.isNaN { return op == .notEqualTo }
                return Self.compare(x, op, k)
            }
        case .integerBetween(let low, let high):
            if case .integer(let x) = l { return low <= x && x <= high }
        case .stringSet(let set):
            if case .string(let ls) = l { return set.contains(ls) }
        case .none:
            return try semantics.apply(l, right)
        }
        // Every fast path covers the two-strings case when `right` is a string.
        return try semantics.applyMixed(l, right)
    }

    /// An ordering operator applied to two numbers of one type (the fast kernels' only switch).
    @inline(__always)
    static func compare<T: Comparable>(_ x: T, _ op: ComparisonPredicate.Operator, _ k: T) -> Bool {
        switch op {
        case .equalTo: return x == k
        case .notEqualTo: return x != k
        case .lessThan: return x < k
        case .lessThanOrEqualTo: return x <= k
        case .greaterThan: return x > k
        default: return x >= k
        }
    }
}

extension Compiler {
    /// The prepared comparison with the constant `r`.
    func constantComparison(_ s: ComparisonSemantics, _ r: PredicateValue) -> ConstantComparison {
        ConstantComparison(fast: fastPath(s, r), semantics: s, right: r)
    }

    private func fastPath(_ s: ComparisonSemantics, _ r: PredicateValue) -> ConstantComparison.Fast {
        switch r {
        case .string(let rs):
            if s.options.isEmpty, s.op == .equalTo || s.op == .notEqualTo {
                return .stringEqual(rs, negated: s.op == .notEqualTo)
            }
            if let kernel = stringKernel(s, rs) { return .string(kernel) }
        case .integer(let k):
            switch s.op {
            case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
                return .integer(s.op, k)
            default: break
            }
        case .double(let k):
            switch s.op {
            case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
                return .double(s.op, k)
            default: break
            }
        case .array(let items):
            if s.op == .between, items.count == 2, case .integer(let low) = items[0], case .integer(let high) = items[1] {
                return .integerBetween(low, high)
            }
            if s.op == .in, let set = ConstantMembership(items, options: s.options) { return .stringSet(set) }
        default:
            break
        }
        return .none
    }
}
