extension Compiler {
    /// Compiles a comparison evaluated at `depth`, as the evaluator's `compare`.
    ///
    /// A right-hand side known at compile time (a constant, or a literal array of constants)
    /// gets a prepared kernel; anything else is computed per evaluation and compared with the
    /// general ``ComparisonSemantics``.
    mutating func comparison(_ c: ComparisonPredicate, depth: Int) -> CompiledTest {
        let test = plainComparison(c, depth: depth)
        guard c.operator.orders else { return test }
        // An ordering can raise (a string with a number): the error names the clause, as the
        // evaluator's does.
        let clause = c.predicateFormat
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
            do throws(PredicateEvaluationError) {
                return try test(&ctx)
            } catch where error.code == .incomparable {
                throw error.inClause(clause)
            }
        }
    }

    private mutating func plainComparison(_ c: ComparisonPredicate, depth: Int) -> CompiledTest {
        let semantics = ComparisonSemantics(c, registry: registry)
        let lhs = value(c.left, depth: depth)
        if let r = constant(c.right, depth: depth) {
            let k = constantComparison(semantics, r)
            if let key = Self.rootKey(c.left) { return Self.rootKeyComparison(c.modifier, key, lhs, k) }
            return Self.quantified(c.modifier, lhs, k)
        }
        // `x IN {a, b}` / `x BETWEEN {lo, hi}` with computed items: the evaluator's literal path.
        if c.modifier == .direct, case .aggregate(let items) = c.right,
           c.operator == .in || (c.operator == .between && items.count == 2) {
            return literalAggregate(semantics, lhs, items, c.right, depth: depth)
        }
        let rhs = value(c.right, depth: depth)
        let modifier = c.modifier
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
            let l = try lhs(&ctx)
            let r = try rhs(&ctx)
            return try ComparisonSemantics.quantify(modifier, l) { (e) throws(PredicateEvaluationError) -> Bool in
                try semantics.apply(e, r)
            }
        }
    }

    /// The evaluator's special case for a literal `{…}` after `IN` or `BETWEEN` with no
    /// quantifier: items are computed lazily (at the comparison's own depth) unless the left
    /// side is null, in which case the array is built and compared as usual.
    private mutating func literalAggregate(_ semantics: ComparisonSemantics, _ lhs: @escaping CompiledValue,
                                           _ items: [FormatExpression], _ right: FormatExpression,
                                           depth: Int) -> CompiledTest {
        let parts = items.map { value($0, depth: depth) }
        let rhs = value(right, depth: depth)
        let isIn = semantics.op == .in
        let options = semantics.options
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
            let l = try lhs(&ctx)
            if !l.isNull {
                if isIn {
                    for p in parts where PredicateValue.predicateEqual(l, try p(&ctx), options: options) {
                        return true
                    }
                    return false
                }
                let low = try parts[0](&ctx), high = try parts[1](&ctx)
                return try semantics.between(l, low, high)
            }
            return try semantics.apply(l, try rhs(&ctx))
        }
    }

    /// Applies `k` under the quantifier.
    static func quantified(_ modifier: ComparisonPredicate.Modifier, _ lhs: @escaping CompiledValue,
                           _ k: ConstantComparison) -> CompiledTest {
        if modifier == .direct {
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                try k.test(try lhs(&ctx))
            }
        }
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
            try ComparisonSemantics.quantify(modifier, try lhs(&ctx)) { (e) throws(PredicateEvaluationError) -> Bool in try k.test(e) }
        }
    }

    /// The key of a left-hand side that is one plain key of `SELF` (`name`, `tags`).
    static func rootKey(_ e: FormatExpression) -> String? {
        guard case .keyPath(let k) = e, k.base == nil || k.base == .evaluatedObject, k.components.count == 1,
              let key = k.components.first, key.utf8.first != UInt8(ascii: "@"), !key.hasPrefix("@") else { return nil }
        return key
    }

    /// `key op constant` with the key looked up in place when `SELF` is a dictionary value
    /// (`lhs` computes it otherwise).
    static func rootKeyComparison(_ modifier: ComparisonPredicate.Modifier, _ key: String,
                                  _ lhs: @escaping CompiledValue, _ k: ConstantComparison) -> CompiledTest {
        if modifier == .direct {
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
                if ctx.object == nil, case .dictionary(let d) = ctx.root {
                    return try k.test(KeyPathResolver.lookup(d, key, whole: ctx.root))
                }
                return try k.test(try lhs(&ctx))
            }
        }
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> Bool in
            let l: PredicateValue
            if ctx.object == nil, case .dictionary(let d) = ctx.root {
                l = KeyPathResolver.lookup(d, key, whole: ctx.root)
            } else {
                l = try lhs(&ctx)
            }
            return try ComparisonSemantics.quantify(modifier, l) { (e) throws(PredicateEvaluationError) -> Bool in try k.test(e) }
        }
    }
}
