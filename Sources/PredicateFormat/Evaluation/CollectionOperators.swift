/// KVC collection operators in key paths.
///
/// The operand is an array (or a dictionary's values); `@count` of a dictionary is its
/// number of entries. On null every operator gives null; on any other single value, null
/// (it is not a collection). The rest of the path after the operator is applied to each
/// element first (`items.@sum.price`); nulls are skipped by the aggregates.
///
/// - `@count`: the number of elements (the rest of the path is ignored).
/// - `@sum`: integer when every value is an integer (and it does not overflow), else double;
///   0 for no values. `@avg`: a double; null for no values.
/// - `@min`, `@max`: by the predicate ordering (numbers, strings or dates); null for none.
/// - `@unionOfObjects`, `@distinctUnionOfObjects`: the values without nulls (distinct keeps
///   the first of equal values); `@unionOfArrays`, `@distinctUnionOfArrays` flatten one level.
///
/// Non-numbers under `@sum`/`@avg`, or values that cannot be ordered under `@min`/`@max`,
/// are a `.typeMismatch`; an unknown operator is `.unsupported`.
enum CollectionOperators {
    static func apply(_ op: String, to v: PredicateValue, then rest: ArraySlice<String>) throws(PredicateEvaluationError) -> PredicateValue {
        let elements: [PredicateValue]
        switch v {
        case .array(let a): elements = a
        case .dictionary(let d):
            if op == "@count" { return .integer(d.count) }
            elements = Array(d.values)
        default: return .null
        }
        if op == "@count" { return .integer(elements.count) }
        var values: [PredicateValue] = elements
        if !rest.isEmpty {
            values = []
            values.reserveCapacity(elements.count)
            for e in elements { values.append(try KeyPathResolver.resolve(e, rest)) }
        }
        switch op {
        case "@sum": return try Aggregates.sum(values, what: op)
        case "@avg": return try Aggregates.average(values, what: op)
        case "@min": return try Aggregates.extreme(values, ascending: true, what: op)
        case "@max": return try Aggregates.extreme(values, ascending: false, what: op)
        case "@unionOfObjects": return .array(values.filter { $0 != .null })
        case "@distinctUnionOfObjects": return .array(Aggregates.distinct(values.filter { $0 != .null }))
        case "@unionOfArrays", "@distinctUnionOfArrays", "@distinctUnionOfSets":
            var flat: [PredicateValue] = []
            for value in values {
                switch value {
                case .array(let inner): flat.append(contentsOf: inner.filter { $0 != .null })
                case .null: continue
                default:
                    throw PredicateEvaluationError(.typeMismatch,
                        "\(op) needs an array of arrays, but one element is \(value.summary)")
                }
            }
            return .array(op == "@unionOfArrays" ? flat : Aggregates.distinct(flat))
        default:
            throw PredicateEvaluationError(.unsupported,
                "unknown collection operator \(op); expected @count, @sum, @avg, @min, @max, @unionOfObjects, @distinctUnionOfObjects, @unionOfArrays or @distinctUnionOfArrays")
        }
    }
}
