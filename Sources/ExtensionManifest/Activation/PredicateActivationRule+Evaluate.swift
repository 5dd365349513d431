import PredicateFormat
import TypeIdentifiers

extension PredicateActivationRule {
    /// Decides the rule for a payload and explains it clause by clause, with the value each
    /// `SUBQUERY` counted.
    public func evaluate(_ payload: ActivationPayload, registry: TypeRegistry = .shared) -> ActivationDecision {
        guard let predicate else {
            let error = syntaxError.map { "\($0.line):\($0.column): \($0.message)" } ?? "it cannot be parsed"
            return ActivationDecision(isEligible: false, ruleForm: .invalid,
                                      summary: "the activation rule is not a valid predicate: \(error)",
                                      notes: ["a rule that does not parse never activates"])
        }
        let object = Self.object(for: payload)
        let options = PredicateEvaluationOptions(typeRegistry: registry)
        var explainer = PredicateExplainer(options: options)
        let node = explainer.explain(predicate, object: object, variables: [:])
        let eligible = node.result == true
        let summary: String
        if let failure = explainer.failure {
            summary = failure
        } else if eligible {
            summary = "the predicate holds"
        } else {
            summary = PredicateExplainer.decisiveText(node) ?? "the predicate is false"
        }
        var notes = ["evaluated against { extensionItems: [ { attachments: [ { registeredTypeIdentifiers } ] } ] } (docs/ACTIVATION.md, ruling 15)"]
        if containsTruePredicate { notes.append("TRUEPREDICATE matches everything; the App Store rejects it (apple-semantics.md §1.1)") }
        if explainer.failure != nil {
            notes.append("a rule that raises offers nothing, as NSPredicate's exception does on iOS (docs/ACTIVATION.md)")
        }
        var decision = ActivationDecision(isEligible: eligible && explainer.failure == nil, ruleForm: .predicate,
                                          summary: summary, trace: [node], notes: notes)
        decision.evaluationFailure = explainer.failure
        return decision
    }
}
