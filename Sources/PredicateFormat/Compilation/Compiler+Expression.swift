extension Compiler {
    /// The expression's value when it is known at compile time: constants, and literal
    /// arrays, negations and arithmetic of constants that evaluate without error and within
    /// the depth limit at `depth` (so folding cannot hide an error the evaluator would throw).
    func constant(_ e: FormatExpression, depth: Int) -> PredicateValue? {
        switch e {
        case .constant(let v):
            return v
        case .aggregate(let items):
            guard depth + 1 <= maximumDepth else { return nil }
            var out: [PredicateValue] = []
            out.reserveCapacity(items.count)
            for item in items {
                guard let v = constant(item, depth: depth + 1) else { return nil }
                out.append(v)
            }
            return .array(out)
        case .negate(let x):
            guard depth + 1 <= maximumDepth, let v = constant(x, depth: depth + 1) else { return nil }
            return try? Arithmetic.negate(v)
        case .arithmetic(let a):
            guard depth + 1 <= maximumDepth, let l = constant(a.left, depth: depth + 1),
                  let r = constant(a.right, depth: depth + 1) else { return nil }
            return try? Arithmetic.apply(a.operator, l, r)
        default:
            return nil
        }
    }

    /// Compiles an expression evaluated at nesting `depth`.
    mutating func value(_ e: FormatExpression, depth: Int) -> CompiledValue {
        if let v = constant(e, depth: depth) {
            return { (_: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in v }
        }
        switch e {
        case .evaluatedObject:
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                ctx.evaluatedObject
            }
        case .variable(let name):
            return variable(name)
        case .keyPath(let k):
            return keyPath(k, depth: depth)
        default:
            guard depth + 1 <= maximumDepth else { return failingValue(tooDeepError) }
            return nested(e, depth: depth + 1)
        }
    }

    /// `$name`: the slot of the innermost enclosing `SUBQUERY` binding it, else the
    /// substitution variable (`.undefinedVariable` when there is none).
    func variable(_ name: String) -> CompiledValue {
        if let slot = scopes.lastIndex(of: name) {
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                ctx.binding(slot)
            }
        }
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
            if let v = ctx.substitutions[name] { return v }
            throw .unboundVariable(name)
        }
    }

    /// The expressions that nest others, compiled inside their nesting level `depth`.
    private mutating func nested(_ e: FormatExpression, depth: Int) -> CompiledValue {
        switch e {
        case .constant, .evaluatedObject, .variable, .keyPath:
            return value(e, depth: depth)
        case .index(let i):
            return index(i, depth: depth)
        case .aggregate(let items):
            let parts = items.map { value($0, depth: depth) }
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                var out: [PredicateValue] = []
                out.reserveCapacity(parts.count)
                for p in parts { out.append(try p(&ctx)) }
                return .array(out)
            }
        case .function(let f):
            let name = f.name
            let args = f.arguments.map { value($0, depth: depth) }
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                var values: [PredicateValue] = []
                values.reserveCapacity(args.count)
                for a in args { values.append(try a(&ctx)) }
                return try Functions.call(name, values)
            }
        case .arithmetic(let a):
            let op = a.operator
            let l = value(a.left, depth: depth), r = value(a.right, depth: depth)
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                let x = try l(&ctx)
                let y = try r(&ctx)
                return try Arithmetic.apply(op, x, y)
            }
        case .negate(let x):
            let operand = value(x, depth: depth)
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                try Arithmetic.negate(try operand(&ctx))
            }
        case .subquery(let s):
            let sub = subquery(s, depth: depth)
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                .array(try sub.matches(&ctx))
            }
        case .setOperation(let s):
            let op = s.operator
            let l = value(s.left, depth: depth), r = value(s.right, depth: depth)
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                let x = try l(&ctx)
                let y = try r(&ctx)
                return try SetOperations.apply(op, x, y)
            }
        }
    }

    /// `base[index]`, `[FIRST]`, `[LAST]`, `[SIZE]` (see ``PredicateValue/subscripted(by:operand:)``).
    private mutating func index(_ i: IndexExpression, depth: Int) -> CompiledValue {
        let base = value(i.base, depth: depth)
        let subscriptValue: CompiledValue?
        if case .expression(let e) = i.index { subscriptValue = value(e, depth: depth) } else { subscriptValue = nil }
        let kind = i.index
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
            try base(&ctx).subscripted(by: kind) { () throws(PredicateEvaluationError) -> PredicateValue in
                try subscriptValue?(&ctx) ?? .null
            }
        }
    }
}
