import Foundation

/// The built-in functions (`sum(...)`, `now()`, ...).
///
/// - Aggregates — `sum`, `count`, `min`, `max`, `average`, `median`, `mode`, `stddev` —
///   take one array (`sum({1, 2})`, `sum(items.price)`); several arguments are taken as
///   the list (`max(a, b)`); a single non-array value is a one-element list and null an
///   empty one. Nulls are skipped. `count` counts everything but nulls; `stddev` is the
///   population standard deviation; `mode` returns an array of the most frequent values.
///   `average`, `median`, `min`, `max` and `stddev` of nothing are null; `sum` is 0.
/// - Numeric — `sqrt`, `log` (base 10), `ln`, `exp`, `floor`, `ceiling`, `abs`, `trunc` —
///   take one number (null gives null). `floor`, `ceiling`, `trunc` and `abs` keep integers.
/// - `now()` is the current date; `random()` a double in [0, 1); `randomn(n)` an integer in
///   [0, n). `uppercase(s)` and `lowercase(s)` change a string's case.
/// - A trailing colon is ignored (`average:`), matching `NSExpression`'s selector names.
///
/// Wrong argument counts are `.invalidArgument`, non-numbers `.typeMismatch`, and unknown
/// names `.unsupported`.
enum Functions {
    static func call(_ rawName: String, _ args: [PredicateValue]) throws(PredicateEvaluationError) -> PredicateValue {
        let name = rawName.hasSuffix(":") ? String(rawName.dropLast()).lowercased() : rawName.lowercased()
        switch name {
        case "sum": return try Aggregates.sum(list(args), what: "sum")
        case "count": return .integer(list(args).count { $0 != .null })
        case "min": return try Aggregates.extreme(list(args), ascending: true, what: "min")
        case "max": return try Aggregates.extreme(list(args), ascending: false, what: "max")
        case "average", "avg": return try Aggregates.average(list(args), what: "average")
        case "median": return try Aggregates.median(list(args), what: "median")
        case "mode": return Aggregates.mode(list(args))
        case "stddev": return try Aggregates.standardDeviation(list(args), what: "stddev")
        case "sqrt": return try unary(name, args) { .double($0.squareRoot()) }
        case "log": return try unary(name, args) { .double(log10($0)) }
        case "ln": return try unary(name, args) { .double(Foundation.log($0)) }
        case "exp": return try unary(name, args) { .double(Foundation.exp($0)) }
        case "floor": return try rounding(name, args, .down)
        case "ceiling": return try rounding(name, args, .up)
        case "trunc": return try rounding(name, args, .towardZero)
        case "abs":
            if case .integer(let i) = try single(name, args), i != .min { return .integer(Swift.abs(i)) }
            return try unary(name, args) { .double(Swift.abs($0)) }
        case "now":
            try arity(name, args, 0)
            return .date(Date())
        case "random":
            try arity(name, args, 0)
            return .double(Double.random(in: 0..<1))
        case "randomn":
            guard case .integer(let n) = try single(name, args), n > 0 else {
                throw PredicateEvaluationError(.invalidArgument,
                    "randomn needs a positive integer, got \(args.first?.summary ?? "nothing")")
            }
            return .integer(Int.random(in: 0..<n))
        case "uppercase", "lowercase":
            let v = try single(name, args)
            if case .null = v { return .null }
            guard case .string(let s) = v else {
                throw PredicateEvaluationError(.typeMismatch, "\(name) needs a string, got \(v.summary)")
            }
            return .string(name == "uppercase" ? s.uppercased() : s.lowercased())
        default:
            throw PredicateEvaluationError(.unsupported,
                "unknown function \(rawName)(); expected sum, count, min, max, average, median, mode, stddev, sqrt, log, ln, exp, floor, ceiling, abs, trunc, now, random or randomn")
        }
    }

    /// The list an aggregate works on.
    private static func list(_ args: [PredicateValue]) -> [PredicateValue] {
        guard args.count == 1 else { return args }
        switch args[0] {
        case .array(let a): return a
        case .dictionary(let d): return Array(d.values)
        case .null: return []
        default: return args
        }
    }

    private static func arity(_ name: String, _ args: [PredicateValue], _ n: Int) throws(PredicateEvaluationError) {
        guard args.count == n else {
            throw PredicateEvaluationError(.invalidArgument,
                "\(name) takes \(n) argument\(n == 1 ? "" : "s"), got \(args.count)")
        }
    }

    private static func single(_ name: String, _ args: [PredicateValue]) throws(PredicateEvaluationError) -> PredicateValue {
        try arity(name, args, 1)
        return args[0]
    }

    private static func unary(_ name: String, _ args: [PredicateValue],
                              _ f: (Double) -> PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        let v = try single(name, args)
        if case .null = v { return .null }
        guard let d = v.doubleValue else {
            throw PredicateEvaluationError(.typeMismatch, "\(name) needs a number, got \(v.summary)")
        }
        return f(d)
    }

    private static func rounding(_ name: String, _ args: [PredicateValue],
                                 _ rule: FloatingPointRoundingRule) throws(PredicateEvaluationError) -> PredicateValue {
        if case .integer(let i) = try single(name, args) { return .integer(i) }
        return try unary(name, args) { .double($0.rounded(rule)) }
    }
}
