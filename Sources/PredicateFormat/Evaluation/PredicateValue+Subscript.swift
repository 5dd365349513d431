extension PredicateValue {
    /// `self[index]`, `[FIRST]`, `[LAST]`, `[SIZE]`: the subscript rule of the evaluator and
    /// the compiled form. An index out of range, or any subscript of null, gives null; an
    /// array subscripted by a non-integer, a dictionary by a non-string, or a scalar
    /// subscripted at all is a `.typeMismatch`.
    ///
    /// `operand` computes the expression between the brackets; it is called only when `self`
    /// is an array or a dictionary, so its errors surface only there.
    @inline(__always)
    func subscripted(
        by index: IndexExpression.Subscript,
        operand: () throws(PredicateEvaluationError) -> PredicateValue
    ) throws(PredicateEvaluationError) -> PredicateValue {
        switch (self, index) {
        case (.null, _): return .null
        case (.array(let a), .first): return a.first ?? .null
        case (.array(let a), .last): return a.last ?? .null
        case (.array(let a), .size): return .integer(a.count)
        case (.dictionary(let d), .size): return .integer(d.count)
        case (.dictionary, .first), (.dictionary, .last): return .null
        case (.array(let a), .expression):
            let idx = try operand()
            let n: Int
            switch idx {
            case .integer(let x): n = x
            case .double(let x) where x.rounded() == x && abs(x) < 1e15: n = Int(x)
            case .null: return .null
            default:
                throw PredicateEvaluationError(.typeMismatch,
                    "an array index must be an integer, got \(idx.summary)")
            }
            return a.indices.contains(n) ? a[n] : .null
        case (.dictionary(let d), .expression):
            let key = try operand()
            switch key {
            case .string(let k): return d[k] ?? .null
            case .null: return .null
            default:
                throw PredicateEvaluationError(.typeMismatch,
                    "a dictionary subscript must be a string key, got \(key.summary)")
            }
        default:
            throw PredicateEvaluationError(.typeMismatch,
                "\(summary) is a \(kindName); only arrays and dictionaries can be subscripted")
        }
    }
}
