import TypeIdentifiers

/// An extension's `NSExtensionActivationRule`, in whichever form it was written.
public enum ActivationRule: Hashable, Sendable {
    /// A dictionary of `NSExtensionActivationSupports…` keys.
    case dictionary(DictionaryActivationRule)
    /// A predicate format string.
    case predicate(PredicateActivationRule)
    /// A value that is neither a dictionary nor a string; the text says what it is.
    case invalid(String)
    /// No rule at all.
    case missing

    /// Decides whether the rule accepts a payload, with the explanation.
    ///
    /// A missing or invalid rule never activates: Appex, like the share sheet, shows an
    /// extension only for what its rule accepts (docs/ACTIVATION.md).
    public func evaluate(_ payload: ActivationPayload, registry: TypeRegistry = .shared) -> ActivationDecision {
        switch self {
        case .dictionary(let rule):
            return rule.evaluate(payload, registry: registry)
        case .predicate(let rule):
            return rule.evaluate(payload, registry: registry)
        case .invalid(let what):
            return ActivationDecision(isEligible: false, ruleForm: .invalid,
                                      summary: "NSExtensionActivationRule is \(what), expected a dictionary or a predicate string")
        case .missing:
            return ActivationDecision(isEligible: false, ruleForm: .missing,
                                      summary: "the extension has no NSExtensionActivationRule, so it activates for nothing")
        }
    }
}
