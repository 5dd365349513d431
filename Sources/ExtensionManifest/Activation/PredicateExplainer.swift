import PredicateFormat

/// Walks a predicate beside the evaluator and records, for every clause, its outcome and
/// the values it compared; inside a `SUBQUERY` it explains each element in turn.
///
/// Outcomes come from ``FormatPredicate/evaluate(with:substitutionVariables:options:)``
/// itself, so the explanation cannot disagree with the decision.
struct PredicateExplainer {
    var options: PredicateEvaluationOptions
    /// The first evaluation error, which makes the rule fail.
    var failure: String?
    /// How many elements of a collection are explained before the rest are summarised.
    static let elementLimit = 8
    /// How deep explanations of nested subqueries go.
    static let depthLimit = 6

    init(options: PredicateEvaluationOptions) { self.options = options }

    mutating func explain(_ p: FormatPredicate, object: PredicateValue,
                          variables: [String: PredicateValue], depth: Int = 0) -> ExplanationNode {
        let result: Bool
        do {
            result = try p.evaluate(with: object, substitutionVariables: variables, options: options)
        } catch {
            if failure == nil { failure = "evaluating the rule failed: \(error.message)" }
            return ExplanationNode("\(Self.abbreviated(p)): \(error.message)", result: false)
        }
        switch p {
        case .constant(let b):
            return ExplanationNode(b ? "TRUEPREDICATE" : "FALSEPREDICATE", result: b)
        case .compound(let c):
            // Every clause is explained, but AND stops at the first false and OR at the
            // first true, as NSCompoundPredicate does: a clause after that is never
            // evaluated, so an error it would raise (an unbound variable) is no failure of
            // the rule.
            var children: [ExplanationNode] = []
            var decided = false
            for sub in c.subpredicates {
                let before = failure
                var child = explain(sub, object: object, variables: variables, depth: depth)
                if decided && failure != before {
                    failure = before
                    child.text += " (never evaluated: the outcome was already decided)"
                }
                children.append(child)
                if (c.kind == .or && child.result == true) || (c.kind == .and && child.result == false) { decided = true }
            }
            let word = switch c.kind { case .and: "all of"; case .or: "any of"; case .not: "not" }
            let held = children.filter { $0.result == true }.count
            return ExplanationNode("\(word) \(c.subpredicates.count) clause\(c.subpredicates.count == 1 ? "" : "s") (\(held) hold)",
                                   result: result, children: children)
        case .comparison(let c):
            return explainComparison(c, result: result, object: object, variables: variables, depth: depth)
        }
    }

    mutating func explainComparison(_ c: ComparisonPredicate, result: Bool, object: PredicateValue,
                                    variables: [String: PredicateValue], depth: Int) -> ExplanationNode {
        let left = try? c.left.expressionValue(with: object, substitutionVariables: variables, options: options)
        let right = try? c.right.expressionValue(with: object, substitutionVariables: variables, options: options)
        var text = Self.abbreviated(.comparison(c))
        let leftIsLiteral = if case .constant = c.left { true } else { false }
        let rightIsLiteral = if case .constant = c.right { true } else { false }
        var found: [String] = []
        if !leftIsLiteral, let left { found.append("\(Self.abbreviated(c.left)) is \(Self.describe(left))") }
        if !rightIsLiteral, let right { found.append("\(Self.abbreviated(c.right)) is \(Self.describe(right))") }
        if !found.isEmpty { text += ": " + found.joined(separator: ", ") }
        var children: [ExplanationNode] = []
        if depth < Self.depthLimit {
            for side in [c.left, c.right] {
                if let s = Self.subquery(in: side) {
                    children += explainSubquery(s, object: object, variables: variables, depth: depth + 1)
                }
            }
        }
        return ExplanationNode(text, result: result, children: children)
    }

    mutating func explainSubquery(_ s: SubqueryExpression, object: PredicateValue,
                                  variables: [String: PredicateValue], depth: Int) -> [ExplanationNode] {
        guard let collection = try? s.collection.expressionValue(with: object, substitutionVariables: variables, options: options),
              case .array(let elements) = collection else { return [] }
        let name = Self.abbreviated(s.collection)
        var nodes: [ExplanationNode] = []
        for (i, element) in elements.prefix(Self.elementLimit).enumerated() {
            var inner = variables
            inner[s.variable] = element
            let node = explain(s.predicate, object: object, variables: inner, depth: depth)
            var wrapped = ExplanationNode("\(name)[\(i)] as $\(s.variable)\(Self.elementSummary(element))", result: node.result,
                                          children: [node])
            if case .comparison = s.predicate { wrapped.children = node.children; wrapped.text += ": " + node.text }
            nodes.append(wrapped)
        }
        if elements.count > Self.elementLimit {
            nodes.append(ExplanationNode("… and \(elements.count - Self.elementLimit) more elements of \(name)"))
        }
        if elements.isEmpty { nodes.append(ExplanationNode("\(name) is empty")) }
        return nodes
    }
}
