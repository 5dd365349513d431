/// A compiled `SUBQUERY(collection, $variable, predicate)`: the collection expression, and
/// the predicate reading the element from its slot.
///
/// As in the evaluator, the elements are an array's, a dictionary's values, or a single
/// value; null has none. The nesting level is entered after the collection is computed and
/// only when it is not null, so a subquery too deep for the limit fails there (`predicate`
/// is `nil` and `tooDeep` is thrown).
struct CompiledSubquery: Sendable {
    let collection: CompiledValue
    let predicate: CompiledTest?
    let slot: Int
    let tooDeep: PredicateEvaluationError

    /// Calls `found` with each element for which the predicate holds.
    @inline(__always)
    func forEachMatch(_ ctx: inout CompiledContext,
                      _ found: (PredicateValue) -> Void) throws(PredicateEvaluationError) {
        let c = try collection(&ctx)
        if case .null = c { return }
        guard let predicate else { throw tooDeep }
        switch c {
        case .array(let a):
            for e in a {
                ctx.bind(slot, e)
                if try predicate(&ctx) { found(e) }
            }
        case .dictionary(let d):
            for e in d.values {
                ctx.bind(slot, e)
                if try predicate(&ctx) { found(e) }
            }
        default:
            ctx.bind(slot, c)
            if try predicate(&ctx) { found(c) }
        }
    }

    /// How many elements match, without collecting them (`SUBQUERY(...).@count`).
    func count(_ ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Int {
        var n = 0
        try forEachMatch(&ctx) { _ in n += 1 }
        return n
    }

    /// The matching elements, in order.
    func matches(_ ctx: inout CompiledContext) throws(PredicateEvaluationError) -> [PredicateValue] {
        var out: [PredicateValue] = []
        try forEachMatch(&ctx) { out.append($0) }
        return out
    }
}

extension Compiler {
    /// Compiles a `SUBQUERY` whose collection is evaluated at `depth`.
    mutating func subquery(_ s: SubqueryExpression, depth: Int) -> CompiledSubquery {
        let collection = value(s.collection, depth: depth)
        let slot = scopes.count
        var predicate: CompiledTest?
        if depth + 1 <= maximumDepth {
            scopes.append(s.variable)
            slotCount = max(slotCount, scopes.count)
            predicate = test(s.predicate, depth: depth + 1)
            scopes.removeLast()
        }
        return CompiledSubquery(collection: collection, predicate: predicate, slot: slot, tooDeep: tooDeepError)
    }
}
