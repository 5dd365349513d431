/// The state of one evaluation: the evaluated object, variable bindings, and the depth
/// guard. Evaluation walks the syntax tree directly; nothing is allocated for key paths over
/// single values or for `SUBQUERY(...).@count`.
struct Evaluator {
    /// The evaluated object (`SELF`) as a value.
    let rootValue: PredicateValue
    /// The evaluated object when it is a Swift object answering keys itself.
    let object: (any PredicateKeyValueCoding)?
    let substitutions: [String: PredicateValue]
    /// Unowned: every evaluator lives inside one `evaluate` call whose options argument
    /// keeps the registry alive; skipping the retain matters on the hot path.
    unowned(unsafe) let registry: TypeRegistry
    let maximumDepth: Int
    /// `SUBQUERY` variables, innermost last.
    var bindings: [(name: String, value: PredicateValue)] = []
    var depth = 0

    init(value: PredicateValue, object: (any PredicateKeyValueCoding)? = nil,
         substitutions: [String: PredicateValue], options: borrowing PredicateEvaluationOptions) {
        self.init(value: value, object: object, substitutions: substitutions,
                  registry: options.typeRegistry, maximumDepth: options.maximumDepth)
    }

    /// `registry` must outlive the evaluator (it is held unowned).
    init(value: PredicateValue, object: (any PredicateKeyValueCoding)? = nil,
         substitutions: [String: PredicateValue], registry: TypeRegistry, maximumDepth: Int) {
        self.rootValue = value
        self.object = object
        self.substitutions = substitutions
        self.registry = registry
        self.maximumDepth = maximumDepth
    }

    /// Enters one level of nesting; pair with `depth -= 1`.
    @inline(__always)
    mutating func enter() throws(PredicateEvaluationError) {
        depth += 1
        if depth > maximumDepth {
            throw .nestingTooDeep(maximumDepth)
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
        throw .unboundVariable(name)
    }
}
