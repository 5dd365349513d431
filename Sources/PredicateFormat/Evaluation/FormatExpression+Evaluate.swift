extension FormatExpression {
    /// Computes the expression's value against `object` (the counterpart of
    /// `NSExpression.expressionValue(with:context:)`).
    /// - Throws: ``PredicateEvaluationError``, as for ``FormatPredicate/evaluate(with:substitutionVariables:options:)-(PredicateValue,_,_)``.
    public func expressionValue(
        with object: PredicateValue,
        substitutionVariables: [String: PredicateValue] = [:],
        options: PredicateEvaluationOptions = .default
    ) throws(PredicateEvaluationError) -> PredicateValue {
        var evaluator = Evaluator(value: object, substitutions: substitutionVariables, options: options)
        return try withExtendedLifetime(options) { () throws(PredicateEvaluationError) -> PredicateValue in try evaluator.value(self) }
    }
}

extension Evaluator {
    /// Computes an expression.
    mutating func value(_ e: FormatExpression) throws(PredicateEvaluationError) -> PredicateValue {
        switch e {
        case .constant(let v):
            return v
        case .evaluatedObject:
            return object?.predicateValue ?? rootValue
        case .variable(let name):
            return try variable(name)
        case .keyPath(let k):
            // Fast path: one plain key on a dictionary SELF (`name`, `age`).
            if k.base == nil, object == nil, k.components.count == 1, case .dictionary(let d) = rootValue {
                let key = k.components[0]
                if key.utf8.first != UInt8(ascii: "@") { return KeyPathResolver.lookup(d, key, whole: rootValue) }
            }
            return try keyPath(k)
        default:
            try enter()
            defer { depth -= 1 }
            return try compound(e)
        }
    }

    /// The expressions that nest other expressions.
    private mutating func compound(_ e: FormatExpression) throws(PredicateEvaluationError) -> PredicateValue {
        switch e {
        case .constant, .evaluatedObject, .variable, .keyPath:
            return try value(e)
        case .index(let i):
            return try index(i)
        case .aggregate(let items):
            var out: [PredicateValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try value(item)) }
            return .array(out)
        case .function(let f):
            var args: [PredicateValue] = []
            args.reserveCapacity(f.arguments.count)
            for a in f.arguments { args.append(try value(a)) }
            return try Functions.call(f.name, args)
        case .arithmetic(let a):
            let l = try value(a.left)
            let r = try value(a.right)
            return try Arithmetic.apply(a.operator, l, r)
        case .negate(let x):
            return try Arithmetic.negate(try value(x))
        case .subquery(let s):
            return .array(try subquery(s, countOnly: false).matches)
        case .setOperation(let s):
            let l = try value(s.left)
            let r = try value(s.right)
            return try SetOperations.apply(s.operator, l, r)
        }
    }

    /// `SUBQUERY(collection, $v, predicate)`: the elements (an array's, or a dictionary's
    /// values; a single value counts as a one-element collection; null as empty) for which
    /// the predicate holds. With `countOnly`, only counts them.
    mutating func subquery(_ s: SubqueryExpression, countOnly: Bool) throws(PredicateEvaluationError) -> (count: Int, matches: [PredicateValue]) {
        let collection = try value(s.collection)
        let elements: [PredicateValue]
        switch collection {
        case .array(let a): elements = a
        case .dictionary(let d): elements = Array(d.values)
        case .null: return (0, [])
        default: elements = [collection]
        }
        try enter()
        bindings.append((s.variable, .null))
        let slot = bindings.count - 1
        defer {
            bindings.removeLast()
            depth -= 1
        }
        var count = 0
        var matches: [PredicateValue] = []
        for element in elements {
            bindings[slot].value = element
            if try test(s.predicate) {
                count += 1
                if !countOnly { matches.append(element) }
            }
        }
        return (count, matches)
    }

    /// `base[index]`, `[FIRST]`, `[LAST]`, `[SIZE]` (see ``PredicateValue/subscripted(by:operand:)``).
    private mutating func index(_ i: IndexExpression) throws(PredicateEvaluationError) -> PredicateValue {
        let base = try value(i.base)
        return try base.subscripted(by: i.index) { () throws(PredicateEvaluationError) -> PredicateValue in
            guard case .expression(let e) = i.index else { return .null }
            return try value(e)
        }
    }
}
