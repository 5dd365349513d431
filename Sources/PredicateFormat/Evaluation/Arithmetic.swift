import Foundation

/// `+ - * / **` and unary minus.
///
/// - Integers stay integers while the result is exact and fits (`7 / 2` is 3.5, `6 / 3` is
///   2, overflow becomes a double); booleans count as 0 and 1.
/// - A null operand gives null (so a comparison with the result is false, like a missing key).
/// - A date plus or minus a number of seconds is a date; a date minus a date is seconds.
/// - Division by zero is `.invalidArgument`; any other non-number is `.typeMismatch`, naming
///   both operands.
enum Arithmetic {
    static func apply(_ op: ArithmeticExpression.Operator, _ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        if case .null = l { return .null }
        if case .null = r { return .null }
        switch (l, r) {
        case let (.integer(a), .integer(b)):
            return try integers(op, a, b)
        case let (.date(d), _) where r.isNumeric && (op == .add || op == .subtract):
            let s = r.doubleValue ?? 0
            return .date(d.addingTimeInterval(op == .add ? s : -s))
        case let (_, .date(d)) where l.isNumeric && op == .add:
            return .date(d.addingTimeInterval(l.doubleValue ?? 0))
        case let (.date(a), .date(b)) where op == .subtract:
            return .double(a.timeIntervalSince(b))
        default:
            guard let a = l.doubleValue, let b = r.doubleValue else {
                throw PredicateEvaluationError(.typeMismatch,
                    "cannot compute \(l.summary) \(symbol(op)) \(r.summary): arithmetic needs numbers, but got a \(l.isNumeric ? r.kindName : l.kindName)")
            }
            if case .bool = l, case .bool = r, let x = Int(exactly: a), let y = Int(exactly: b) {
                return try integers(op, x, y)
            }
            return try doubles(op, a, b, l, r)
        }
    }

    private static func integers(_ op: ArithmeticExpression.Operator, _ a: Int, _ b: Int) throws(PredicateEvaluationError) -> PredicateValue {
        switch op {
        case .add:
            let (v, o) = a.addingReportingOverflow(b)
            return o ? .double(Double(a) + Double(b)) : .integer(v)
        case .subtract:
            let (v, o) = a.subtractingReportingOverflow(b)
            return o ? .double(Double(a) - Double(b)) : .integer(v)
        case .multiply:
            let (v, o) = a.multipliedReportingOverflow(by: b)
            return o ? .double(Double(a) * Double(b)) : .integer(v)
        case .divide:
            guard b != 0 else { throw divisionByZero(.integer(a)) }
            let (q, o) = a.dividedReportingOverflow(by: b)
            if !o && q.multipliedReportingOverflow(by: b) == (a, false) { return .integer(q) }
            return .double(Double(a) / Double(b))
        case .power:
            guard b >= 0 else { return .double(pow(Double(a), Double(b))) }
            var result = 1, base = a, e = b
            while e > 0 {
                if e & 1 == 1 {
                    let (v, o) = result.multipliedReportingOverflow(by: base)
                    if o { return .double(pow(Double(a), Double(b))) }
                    result = v
                }
                e >>= 1
                if e > 0 {
                    let (v, o) = base.multipliedReportingOverflow(by: base)
                    if o { return .double(pow(Double(a), Double(b))) }
                    base = v
                }
            }
            return .integer(result)
        }
    }

    private static func doubles(_ op: ArithmeticExpression.Operator, _ a: Double, _ b: Double,
                                _ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        switch op {
        case .add: return .double(a + b)
        case .subtract: return .double(a - b)
        case .multiply: return .double(a * b)
        case .divide:
            guard b != 0 else { throw divisionByZero(l) }
            return .double(a / b)
        case .power: return .double(pow(a, b))
        }
    }

    private static func divisionByZero(_ l: PredicateValue) -> PredicateEvaluationError {
        PredicateEvaluationError(.invalidArgument, "division by zero: \(l.summary) / 0")
    }

    /// Unary minus: numbers only; null stays null.
    static func negate(_ v: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        switch v {
        case .null: return .null
        case .integer(let i): return i == .min ? .double(-Double(i)) : .integer(-i)
        case .double(let d): return .double(-d)
        case .bool(let b): return .integer(b ? -1 : 0)
        default:
            throw PredicateEvaluationError(.typeMismatch, "cannot negate \(v.summary): unary minus needs a number")
        }
    }

    static func symbol(_ op: ArithmeticExpression.Operator) -> String {
        switch op {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .power: "**"
        }
    }
}
