import PredicateFormat
import TypeIdentifiers

/// An activation rule made ready for deciding many payloads: a predicate compiled once
/// with its type registry. Its decisions are ``ActivationRule/evaluate(_:registry:)``'s,
/// made at once, with the explanation made when first read.
///
/// ```swift
/// let prepared = PreparedActivationRule(rule)
/// let offered = payloads.filter { prepared.decide($0).isEligible }   // nothing explained
/// ```
public struct PreparedActivationRule: Sendable {
    /// The rule.
    public let rule: ActivationRule
    /// The registry the rule's types are looked up in.
    public let registry: TypeRegistry
    private let compiled: CompiledPredicate?

    /// Prepares `rule` with `registry` (compiling a predicate rule).
    public init(_ rule: ActivationRule, registry: TypeRegistry = .shared) {
        self.rule = rule
        self.registry = registry
        if case .predicate(let predicateRule) = rule, let predicate = predicateRule.predicate {
            compiled = try? predicate.compiled(options: PredicateEvaluationOptions(typeRegistry: registry))
        } else {
            compiled = nil
        }
    }

    /// Decides the rule for `payload`; the explanation is made when first read.
    public func decide(_ payload: ActivationPayload) -> ActivationDecision {
        let rule = rule, registry = registry
        let explain: @Sendable () -> ActivationDecision = { rule.evaluate(payload, registry: registry) }
        switch rule {
        case .dictionary(let dictionary):
            return ActivationDecision(isEligible: dictionary.accepts(payload, registry: registry), ruleForm: .dictionary, explainedBy: explain)
        case .predicate:
            guard let compiled else { return explain() }
            // A rule that raises offers nothing, as evaluate(_:registry:) rules.
            let holds = (try? compiled.evaluate(with: PredicateActivationRule.object(for: payload))) ?? false
            return ActivationDecision(isEligible: holds, ruleForm: .predicate, explainedBy: explain)
        case .invalid, .missing:
            return explain()
        }
    }
}
