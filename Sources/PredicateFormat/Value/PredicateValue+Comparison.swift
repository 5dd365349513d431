import Foundation

extension PredicateValue {
    /// The value as a number when it is one (`.bool` counts as 0 or 1, as `NSNumber` does).
    var isNumeric: Bool {
        switch self {
        case .integer, .double, .bool: true
        default: false
        }
    }

    /// Whether the value is `.null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a `Double` when numeric.
    var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .double(let d): d
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    /// Orders two numbers exactly, mixing integers and doubles; `nil` when either is not a
    /// number or a double is NaN.
    static func compareNumbers(_ a: PredicateValue, _ b: PredicateValue) -> ComparisonResult? {
        switch (a, b) {
        case let (.integer(x), .integer(y)): return order(x, y)
        case let (.double(x), .double(y)): return x.isNaN || y.isNaN ? nil : order(x, y)
        case let (.integer(x), .double(y)): return compare(x, y)
        case let (.double(x), .integer(y)): return compare(y, x).map(flip)
        case let (.bool(x), _): return compareNumbers(.integer(x ? 1 : 0), b)
        case let (_, .bool(y)): return compareNumbers(a, .integer(y ? 1 : 0))
        default: return nil
        }
    }

    /// Orders two values of the same comparable kind: numbers, strings (by Unicode scalar
    /// values, after the string options), dates; `nil` when they cannot be ordered.
    static func order(_ a: PredicateValue, _ b: PredicateValue,
                      options: ComparisonPredicate.Options = []) -> ComparisonResult? {
        switch (a, b) {
        case let (.string(x), .string(y)): return StringComparison.order(x, y, options: options)
        case let (.date(x), .date(y)): return order(x, y)
        default: return compareNumbers(a, b)
        }
    }

    @inline(__always)
    static func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
        x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
    }

    private static func flip(_ r: ComparisonResult) -> ComparisonResult {
        switch r {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }

    /// Orders an integer and a double without losing precision.
    private static func compare(_ a: Int, _ b: Double) -> ComparisonResult? {
        if b.isNaN { return nil }
        if b >= 9_223_372_036_854_775_808.0 { return .orderedAscending }
        if b < -9_223_372_036_854_775_808.0 { return .orderedDescending }
        let floor = b.rounded(.down)
        let fi = Int(floor)
        if a != fi { return a < fi ? .orderedAscending : .orderedDescending }
        return b == floor ? .orderedSame : .orderedAscending
    }

    /// Whether two values are equal for the predicate `==` operator: numbers by value
    /// (`1 == 1.0 == true`), strings after the string options, arrays element by element,
    /// dictionaries key by key; values of different kinds are unequal.
    ///
    /// Iterative, so deeply nested values cannot overflow the stack.
    static func predicateEqual(_ a: PredicateValue, _ b: PredicateValue,
                               options: ComparisonPredicate.Options = []) -> Bool {
        if let r = scalarPredicateEqual(a, b, options) { return r }
        var work: [(PredicateValue, PredicateValue)] = [(a, b)]
        while let (x, y) = work.popLast() {
            if let r = scalarPredicateEqual(x, y, options) {
                if !r { return false }
                continue
            }
            switch (x, y) {
            case let (.array(p), .array(q)):
                guard p.count == q.count else { return false }
                for i in p.indices { work.append((p[i], q[i])) }
            case let (.dictionary(p), .dictionary(q)):
                guard p.count == q.count else { return false }
                for (k, v) in p {
                    guard let w = q[k] else { return false }
                    work.append((v, w))
                }
            default:
                return false
            }
        }
        return true
    }

    @inline(__always)
    private static func scalarPredicateEqual(_ a: PredicateValue, _ b: PredicateValue,
                                             _ options: ComparisonPredicate.Options) -> Bool? {
        switch (a, b) {
        case let (.string(x), .string(y)): return StringComparison.equal(x, y, options: options)
        case let (.integer(x), .integer(y)): return x == y
        case (.null, .null): return true
        case let (.date(x), .date(y)): return x == y
        case let (.data(x), .data(y)): return x == y
        case (.array, .array), (.dictionary, .dictionary): return nil
        default:
            if a.isNumeric && b.isNumeric { return compareNumbers(a, b) == .orderedSame }
            return false
        }
    }

    /// A short rendering for error messages: strings quoted, containers abbreviated.
    var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s):
            return s.count > 60 ? "\"\(s.prefix(57))...\"" : "\"\(s)\""
        case .date(let d): return "date \(d.timeIntervalSinceReferenceDate)"
        case .data(let d): return "data (\(d.count) bytes)"
        case .array(let a):
            let head = a.prefix(4).map { e -> String in
                switch e {
                case .array(let x): "[\(x.count) elements]"
                case .dictionary(let x): "{\(x.count) keys}"
                default: e.summary
                }
            }
            return "[" + head.joined(separator: ", ") + (a.count > 4 ? ", ... (\(a.count) elements)]" : "]")
        case .dictionary(let d):
            let keys = d.keys.sorted().prefix(4).joined(separator: ", ")
            return "{\(keys)\(d.count > 4 ? ", ..." : "")}"
        }
    }

    /// The kind of value, for messages: "string", "integer", "array", ...
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }
}
