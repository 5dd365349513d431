extension FormatPredicate {
    /// A copy with each `$name` in `variables` replaced by a constant of its value.
    ///
    /// Variables bound by an enclosing `SUBQUERY` keep their meaning: inside
    /// `SUBQUERY(items, $item, …)` a `$item` is never replaced, though the collection
    /// expression `items` is still substituted. Variables not in `variables` stay as they are.
    public func withSubstitutionVariables(_ variables: [String: PredicateValue]) -> FormatPredicate {
        guard !variables.isEmpty else { return self }
        return substituting(variables)
    }

    /// Substitutes `variables` throughout.
    func substituting(_ variables: [String: PredicateValue]) -> FormatPredicate {
        switch self {
        case .constant:
            return self
        case .comparison(var comparison):
            comparison.left = comparison.left.substituting(variables)
            comparison.right = comparison.right.substituting(variables)
            return .comparison(comparison)
        case .compound(var compound):
            compound.subpredicates = compound.subpredicates.map { $0.substituting(variables) }
            return .compound(compound)
        }
    }
}

extension FormatExpression {
    /// A copy with each `$name` in `variables` replaced by a constant of its value, leaving
    /// variables bound by an enclosing `SUBQUERY` alone.
    public func withSubstitutionVariables(_ variables: [String: PredicateValue]) -> FormatExpression {
        guard !variables.isEmpty else { return self }
        return substituting(variables)
    }

    /// Substitutes `variables` throughout.
    func substituting(_ variables: [String: PredicateValue]) -> FormatExpression {
        switch self {
        case .constant, .evaluatedObject:
            return self
        case .variable(let name):
            guard let value = variables[name] else { return self }
            return .constant(value)
        case .keyPath(var path):
            path.base = path.base?.substituting(variables)
            return .keyPath(path)
        case .index(var index):
            index.base = index.base.substituting(variables)
            if case .expression(let key) = index.index { index.index = .expression(key.substituting(variables)) }
            return .index(index)
        case .aggregate(let elements):
            return .aggregate(elements.map { $0.substituting(variables) })
        case .function(var function):
            function.arguments = function.arguments.map { $0.substituting(variables) }
            return .function(function)
        case .arithmetic(var arithmetic):
            arithmetic.left = arithmetic.left.substituting(variables)
            arithmetic.right = arithmetic.right.substituting(variables)
            return .arithmetic(arithmetic)
        case .negate(let operand):
            return .negate(operand.substituting(variables))
        case .subquery(var subquery):
            subquery.collection = subquery.collection.substituting(variables)
            var inner = variables
            inner[subquery.variable] = nil
            if !inner.isEmpty { subquery.predicate = subquery.predicate.substituting(inner) }
            return .subquery(subquery)
        case .setOperation(var set):
            set.left = set.left.substituting(variables)
            set.right = set.right.substituting(variables)
            return .setOperation(set)
        }
    }
}
