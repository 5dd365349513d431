/// A constant right-hand string prepared for the string operators under its options: its
/// comparison form (see ``StringFolding``) is computed once, so an evaluation folds only
/// the left-hand string, and an ASCII left-hand string is not folded at all.
///
/// Equivalent to ``StringComparison/withPrepared(_:_:_:_:)`` with the constant on one side:
/// where that folds ASCII case on the fly, the constant is already lowercased, which gives
/// the same comparisons.
struct PreparedString: Sendable {
    let raw: String
    let options: ComparisonPredicate.Options
    /// `StringFolding.fold(raw, options)`: the comparison form (the raw string under `[n]`).
    let folded: [UInt8]
    let isASCII: Bool
    let normalized: Bool
    let caseInsensitive: Bool

    init(_ raw: String, options: ComparisonPredicate.Options) {
        self.raw = raw
        self.options = options
        folded = Array(StringFolding.fold(raw, options).utf8)
        isASCII = StringFolding.isASCII(raw)
        normalized = options.contains(.normalized)
        caseInsensitive = options.contains(.caseInsensitive)
    }

    /// Runs `body` over the comparison bytes of `l` and of the constant; the flag asks
    /// `body` to fold ASCII case itself.
    @inline(__always)
    func with<T>(_ l: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Bool) -> T) -> T {
        folded.withUnsafeBufferPointer { c in
            if normalized { return Self.bytes(of: l) { body($0, c, false) } }
            if isASCII, StringFolding.isASCII(l) { return Self.bytes(of: l) { body($0, c, caseInsensitive) } }
            return Self.bytes(of: StringFolding.fold(l, options)) { body($0, c, false) }
        }
    }

    @inline(__always)
    private static func bytes<T>(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if let r = s.utf8.withContiguousStorageIfAvailable(body) { return r }
        var copy = s
        return copy.withUTF8(body)
    }

    /// The comparison `l op constant` for a left-hand string `l`.
    func kernel(_ op: ComparisonPredicate.Operator) -> CompiledStringKernel? {
        let p = self
        let plain = options.isEmpty
        let raw = self.raw
        switch op {
        case .equalTo, .utiEquals:
            if plain { return { (l: String) throws(PredicateEvaluationError) -> Bool in l == raw } }
            return { (l: String) throws(PredicateEvaluationError) -> Bool in p.equal(l) }
        case .notEqualTo:
            if plain { return { (l: String) throws(PredicateEvaluationError) -> Bool in l != raw } }
            return { (l: String) throws(PredicateEvaluationError) -> Bool in !p.equal(l) }
        case .beginsWith:
            return { (l: String) throws(PredicateEvaluationError) -> Bool in p.with(l, StringComparison.prefixBytes) }
        case .endsWith:
            return { (l: String) throws(PredicateEvaluationError) -> Bool in p.with(l, StringComparison.suffixBytes) }
        case .contains:
            return { (l: String) throws(PredicateEvaluationError) -> Bool in p.with(l, StringComparison.containsBytes) }
        case .in:
            return { (l: String) throws(PredicateEvaluationError) -> Bool in
                p.with(l) { a, b, fold in StringComparison.containsBytes(b, a, fold) }
            }
        case .lessThan: return order(plain) { $0 == .orderedAscending }
        case .lessThanOrEqualTo: return order(plain) { $0 != .orderedDescending }
        case .greaterThan: return order(plain) { $0 == .orderedDescending }
        case .greaterThanOrEqualTo: return order(plain) { $0 != .orderedAscending }
        default: return nil
        }
    }

    /// `==` under the options (not empty).
    @inline(__always)
    func equal(_ l: String) -> Bool {
        with(l, StringComparison.equalBytes)
    }

    /// An ordering comparison: `test` of how `l` orders against the constant.
    private func order(_ plain: Bool, _ test: @escaping @Sendable (Foundation.ComparisonResult) -> Bool) -> CompiledStringKernel {
        let p = self
        if plain {
            let raw = self.raw
            return { (l: String) throws(PredicateEvaluationError) -> Bool in
                test(l < raw ? .orderedAscending : (l == raw ? .orderedSame : .orderedDescending))
            }
        }
        return { (l: String) throws(PredicateEvaluationError) -> Bool in test(p.with(l, StringComparison.orderBytes)) }
    }
}

import Foundation
