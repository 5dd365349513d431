import PredicateFormat

extension PredicateLint {
    /// Inside one AND, count comparisons on the same expression whose ranges do not overlap.
    mutating func checkContradictions(_ clauses: [FormatPredicate], variables: [String: PredicateShape]) {
        var ranges: [String: ClosedRange<Double>] = [:]
        for clause in clauses {
            guard case .comparison(let c) = clause, c.modifier == .direct,
                  case .constant(let v) = c.right, let n = Self.number(v) else { continue }
            var quiet = self
            guard quiet.shape(c.left, variables: variables).isCount, let r = Self.interval(c.operator, n) else { continue }
            let key = c.left.expressionFormat
            let merged = ranges[key].map { (Swift.max($0.lowerBound, r.lowerBound), Swift.min($0.upperBound, r.upperBound)) }
                ?? (r.lowerBound, r.upperBound)
            if merged.0 > merged.1 {
                findings.append((.activationNeverTrue,
                                 "the clauses on \(PredicateExplainer.abbreviated(c.left)) contradict each other: no count satisfies all of them"))
                return
            }
            ranges[key] = merged.0...merged.1
        }
    }

    /// The counts (0 to `Int.max`) for which `count op n` holds, or `nil` when none do.
    ///
    /// A bound past every count (`@count >= 1e27`, infinity) holds for none; it must not
    /// make a range whose lower bound passes its upper one, which traps (the manifest
    /// fuzzer's find, docs/FUZZING.md).
    static func interval(_ op: ComparisonPredicate.Operator, _ n: Double) -> ClosedRange<Double>? {
        let big = Double(Int.max)
        guard !n.isNaN else { return op == .notEqualTo ? 0...big : nil }
        let whole = n.rounded(.down)
        func from(_ lower: Double) -> ClosedRange<Double>? {
            let lower = Swift.max(0, lower)
            return lower <= big ? lower...big : nil
        }
        switch op {
        case .equalTo: return n >= 0 && n == whole && n <= big ? n...n : nil
        case .lessThan: return n > 0 ? 0...Swift.min(big, n == whole ? n - 1 : whole) : nil
        case .lessThanOrEqualTo: return n >= 0 ? 0...Swift.min(big, whole) : nil
        case .greaterThan: return from(whole + 1)
        case .greaterThanOrEqualTo: return from(n.rounded(.up))
        default: return 0...big
        }
    }

    static func number(_ v: PredicateValue) -> Double? {
        switch v {
        case .integer(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    static func spelling(_ op: ComparisonPredicate.Operator) -> String {
        switch op {
        case .equalTo: "equal to"
        case .lessThan: "less than"
        case .lessThanOrEqualTo: "at most"
        default: op.spelling
        }
    }

    /// `3` for 3.0, `2.5`, and a number past `Int` as a double (`1e+27`), never a trap.
    static func format(_ n: Double) -> String { Int(exactly: n).map(String.init) ?? String(n) }
}
