/// The state of one evaluation: the evaluated object, variable bindings, and the depth
/// guard. Evaluation walks the syntax tree directly; nothing is allocated for key paths over
/// single values or for `SUBQUERY(...).@count`.
struct Evaluator {
    /// The evaluated object (`SELF`).
    enum Root {
        case value(PredicateValue)
        case object(any PredicateKeyValueCoding)
    }

    let root: Root
    let substitutions: [String: PredicateValue]
    let registry: TypeRegistry
    let maximumDepth: Int
    /// `SUBQUERY` variables, innermost last.
    var bindings: [(name: String, value: PredicateValue)] = []
    var depth = 0

    init(root: Root, substitutions: [String: PredicateValue], options: PredicateEvaluationOptions) {
        self.root = root
        self.substitutions = substitutions
        self.registry = options.typeRegistry
        self.maximumDepth = options.maximumDepth
    }

    /// `SELF` as a value.
    var rootValue: PredicateValue {
        switch root {
        case .value(let v): v
        case .object(let o): o.predicateValue
        }
    }

    /// Enters one level of nesting; pair with `depth -= 1`.
    @inline(__always)
    mutating func enter() throws(PredicateEvaluationError) {
        depth += 1
        if depth > maximumDepth {
            throw PredicateEvaluationError(.tooDeep,
                "the predicate nests deeper than \(maximumDepth) levels during evaluation")
        }
    }

    /// The value bound to `$name`: the innermost `SUBQUERY` binding, else the substitution.
    /// - Throws: `.undefinedVariable` when neither binds it.
    func variable(_ name: String) throws(PredicateEvaluationError) -> PredicateValue {
        var i = bindings.count
        while i > 0 {
            i -= 1
            if bindings[i].name == name { return bindings[i].value }
        }
        if let v = substitutions[name] { return v }
        throw PredicateEvaluationError(.undefinedVariable,
            "$\(name) has no value; bind it with substitutionVariables or a SUBQUERY")
    }
}
