/// A key path's components split once: the plain keys before the first collection
/// operator, and the operator with the rest of the path it consumes.
struct CompiledKeyPath: Sendable {
    let keys: [String]
    let collectionOperator: String?
    let rest: ArraySlice<String>

    init(_ components: ArraySlice<String>) {
        if let i = components.firstIndex(where: { $0.utf8.first == UInt8(ascii: "@") }) {
            keys = Array(components[..<i])
            collectionOperator = components[i]
            rest = components[(i + 1)...]
        } else {
            keys = Array(components)
            collectionOperator = nil
            rest = []
        }
    }

    /// Applies the path to `value`, as `KeyPathResolver.resolve`.
    @inline(__always)
    func resolve(_ value: PredicateValue) throws(PredicateEvaluationError) -> PredicateValue {
        var v = value
        for key in keys { v = try KeyPathResolver.step(v, key, depth: 0) }
        if let collectionOperator {
            return try CollectionOperators.apply(collectionOperator, to: v, then: rest)
        }
        return v
    }
}

extension Compiler {
    /// Compiles a key path evaluated at `depth`, as the evaluator's `keyPath`.
    mutating func keyPath(_ k: KeyPathExpression, depth: Int) -> CompiledValue {
        let components = k.components
        switch k.base {
        case .subquery(let s)?:
            let sub = subquery(s, depth: depth)
            if components.count == 1, components.first == "@count" {
                return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                    .integer(try sub.count(&ctx))
                }
            }
            let path = CompiledKeyPath(components[...])
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                try path.resolve(.array(try sub.matches(&ctx)))
            }
        case nil, .evaluatedObject?:
            return selfKeyPath(components)
        case let base?:
            let path = CompiledKeyPath(components[...])
            if case .variable(let name) = base, let slot = scopes.lastIndex(of: name),
               path.collectionOperator == nil, path.keys.count == 1 {
                // `$attachment.registeredTypeIdentifiers`: one key of a SUBQUERY variable.
                let key = path.keys[0]
                return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                    try KeyPathResolver.step(ctx.binding(slot), key, depth: 0)
                }
            }
            let start = value(base, depth: depth)
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                try path.resolve(try start(&ctx))
            }
        }
    }

    /// A key path from `SELF`: on a Swift object its first key (unless an operator) is asked
    /// of the object; otherwise the whole path walks the root value.
    private func selfKeyPath(_ components: [String]) -> CompiledValue {
        let path = CompiledKeyPath(components[...])
        // The evaluator tests the first component with `hasPrefix("@")` on this path.
        let objectKey = components.first.flatMap { $0.hasPrefix("@") ? nil : $0 }
        let objectRest = objectKey == nil ? path : CompiledKeyPath(components.dropFirst())
        if path.collectionOperator == nil, path.keys.count == 1 {
            let key = path.keys[0]
            return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
                if let o = ctx.object?.object {
                    guard let objectKey else { return try objectRest.resolve(o.predicateValue) }
                    return try objectRest.resolve(o.predicateValue(forKey: objectKey) ?? .null)
                }
                if case .dictionary(let d) = ctx.root { return KeyPathResolver.lookup(d, key, whole: ctx.root) }
                return try KeyPathResolver.step(ctx.root, key, depth: 0)
            }
        }
        return { (ctx: inout CompiledContext) throws(PredicateEvaluationError) -> PredicateValue in
            if let o = ctx.object?.object {
                guard let objectKey else { return try objectRest.resolve(o.predicateValue) }
                return try objectRest.resolve(o.predicateValue(forKey: objectKey) ?? .null)
            }
            return try path.resolve(ctx.root)
        }
    }
}
