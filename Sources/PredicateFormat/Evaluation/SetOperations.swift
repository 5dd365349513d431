/// `UNION`, `INTERSECT` and `MINUS` on collections.
///
/// Arrays (and dictionaries' values) are treated as sets: the result is an array without
/// duplicates, in first-seen order, left side first. Null counts as an empty collection;
/// any other single value is a `.typeMismatch`.
enum SetOperations {
    static func apply(_ op: SetExpression.Operator, _ l: PredicateValue, _ r: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        let left = try elements(l, op)
        let right = try elements(r, op)
        switch op {
        case .union:
            return .array(Aggregates.distinct(left + right))
        case .intersect:
            let keep = Set(right.map(Aggregates.canonicalNumber))
            return .array(Aggregates.distinct(left.filter { keep.contains(Aggregates.canonicalNumber($0)) }))
        case .minus:
            let drop = Set(right.map(Aggregates.canonicalNumber))
            return .array(Aggregates.distinct(left.filter { !drop.contains(Aggregates.canonicalNumber($0)) }))
        }
    }

    private static func elements(_ v: PredicateValue, _ op: SetExpression.Operator) throws(PredicateEvaluationError) -> [PredicateValue] {
        switch v {
        case .array(let a): return a
        case .dictionary(let d): return Array(d.values)
        case .null: return []
        default:
            let name = switch op {
            case .union: "UNION"
            case .intersect: "INTERSECT"
            case .minus: "MINUS"
            }
            throw PredicateEvaluationError(.typeMismatch, "\(name) needs collections, got \(v.summary)")
        }
    }
}
