import Foundation

/// Aggregates over lists of values, shared by collection operators and functions.
/// Nulls are skipped; `what` names the operator or function in error messages.
enum Aggregates {
    /// The numbers among `values` (nulls skipped), or `.typeMismatch` naming a non-number.
    static func numbers(_ values: [PredicateValue], what: String) throws(PredicateEvaluationError) -> [PredicateValue] {
        var out: [PredicateValue] = []
        out.reserveCapacity(values.count)
        for v in values {
            if case .null = v { continue }
            guard v.isNumeric else {
                throw PredicateEvaluationError(.typeMismatch, "\(what) needs numbers, but got \(v.summary)")
            }
            out.append(v)
        }
        return out
    }

    /// The sum: an integer when all values are integers and it fits, else a double; 0 for none.
    static func sum(_ values: [PredicateValue], what: String) throws(PredicateEvaluationError) -> PredicateValue {
        var total = 0
        var exact = true
        var double = 0.0
        for v in try numbers(values, what: what) {
            switch v {
            case .integer(let i) where exact:
                let (r, overflow) = total.addingReportingOverflow(i)
                if overflow { exact = false; double = Double(total) + Double(i) } else { total = r }
            case .bool(let b) where exact:
                total += b ? 1 : 0
            default:
                if exact { exact = false; double = Double(total) }
                double += v.doubleValue ?? 0
            }
        }
        return exact ? .integer(total) : .double(double)
    }

    /// The arithmetic mean as a double; null for no values.
    static func average(_ values: [PredicateValue], what: String) throws(PredicateEvaluationError) -> PredicateValue {
        let ns = try numbers(values, what: what)
        guard !ns.isEmpty else { return .null }
        return .double(ns.reduce(0.0) { $0 + ($1.doubleValue ?? 0) } / Double(ns.count))
    }

    /// The smallest (`ascending`) or largest value; null for none.
    static func extreme(_ values: [PredicateValue], ascending: Bool, what: String) throws(PredicateEvaluationError) -> PredicateValue {
        var best: PredicateValue?
        for v in values {
            if case .null = v { continue }
            guard let current = best else { best = v; continue }
            guard let o = PredicateValue.order(v, current) else {
                throw PredicateEvaluationError(.typeMismatch,
                    "\(what) cannot order \(v.summary) against \(current.summary); expected numbers, strings or dates of one kind")
            }
            if o == (ascending ? .orderedAscending : .orderedDescending) { best = v }
        }
        return best ?? .null
    }

    /// The median of the numbers (the mean of the middle two for an even count); null for none.
    static func median(_ values: [PredicateValue], what: String) throws(PredicateEvaluationError) -> PredicateValue {
        let ns = try numbers(values, what: what).map { $0.doubleValue ?? 0 }.sorted()
        guard !ns.isEmpty else { return .null }
        let mid = ns.count / 2
        return .double(ns.count % 2 == 1 ? ns[mid] : (ns[mid - 1] + ns[mid]) / 2)
    }

    /// The most frequent values, as an array in first-seen order (Apple's `mode:` returns an
    /// array, since several values can tie).
    static func mode(_ values: [PredicateValue]) -> PredicateValue {
        var counts: [PredicateValue: Int] = [:]
        var order: [PredicateValue] = []
        for v in values where v != .null {
            let key = canonicalNumber(v)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        let top = counts.values.max() ?? 0
        return .array(order.filter { counts[$0] == top })
    }

    /// The population standard deviation; null for no values.
    static func standardDeviation(_ values: [PredicateValue], what: String) throws(PredicateEvaluationError) -> PredicateValue {
        let ns = try numbers(values, what: what).map { $0.doubleValue ?? 0 }
        guard !ns.isEmpty else { return .null }
        let mean = ns.reduce(0, +) / Double(ns.count)
        let variance = ns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(ns.count)
        return .double(variance.squareRoot())
    }

    /// The values with later duplicates removed (numbers equal by value count as duplicates).
    static func distinct(_ values: [PredicateValue]) -> [PredicateValue] {
        var seen = Set<PredicateValue>()
        var out: [PredicateValue] = []
        for v in values where seen.insert(canonicalNumber(v)).inserted { out.append(v) }
        return out
    }

    /// Integral doubles as integers, so `1` and `1.0` hash and compare alike.
    static func canonicalNumber(_ v: PredicateValue) -> PredicateValue {
        if case .double(let d) = v, d.rounded() == d, abs(d) < 9e15 { return .integer(Int(d)) }
        return v
    }
}
