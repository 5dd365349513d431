import Foundation
import TypeIdentifiers

extension Compiler {
    /// A comparison against a right-hand value known at compile time, with the work that
    /// depends only on it done now. Every kernel falls back to the general semantics for
    /// left-hand values its fast path does not cover.
    func kernel(_ s: ComparisonSemantics, _ r: PredicateValue) -> CompiledKernel {
        switch r {
        case .string(let rs):
            if let fast = stringKernel(s, rs) {
                return { (l: PredicateValue) throws(PredicateEvaluationError) -> Bool in
                    if case .string(let ls) = l { return try fast(ls) }
                    return try s.applyMixed(l, r)
                }
            }
        case .integer(let k):
            if let fast = Self.integerKernel(s.op, k) {
                return { (l: PredicateValue) throws(PredicateEvaluationError) -> Bool in
                    if case .integer(let x) = l { return fast(x) }
                    return try s.applyMixed(l, r)
                }
            }
        case .array(let items):
            if s.op == .between, items.count == 2, case .integer(let low) = items[0], case .integer(let high) = items[1] {
                return { (l: PredicateValue) throws(PredicateEvaluationError) -> Bool in
                    if case .integer(let x) = l { return low <= x && x <= high }
                    return try s.applyMixed(l, r)
                }
            }
            if s.op == .in, let set = ConstantMembership(items, options: s.options) {
                return { (l: PredicateValue) throws(PredicateEvaluationError) -> Bool in
                    if case .string(let ls) = l { return set.contains(ls) }
                    return try s.applyMixed(l, r)
                }
            }
        default:
            break
        }
        return { (l: PredicateValue) throws(PredicateEvaluationError) -> Bool in try s.apply(l, r) }
    }

    /// Equality and ordering of an integer with an integer constant.
    static func integerKernel(_ op: ComparisonPredicate.Operator, _ k: Int) -> (@Sendable (Int) -> Bool)? {
        switch op {
        case .equalTo: { $0 == k }
        case .notEqualTo: { $0 != k }
        case .lessThan: { $0 < k }
        case .lessThanOrEqualTo: { $0 <= k }
        case .greaterThan: { $0 > k }
        case .greaterThanOrEqualTo: { $0 >= k }
        default: nil
        }
    }
}
