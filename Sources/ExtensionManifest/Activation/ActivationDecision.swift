/// Whether an extension is eligible for a payload, and why.
///
/// `summary` is the one reason a person needs ("3 images but
/// NSExtensionActivationSupportsImageWithMaxCount is 1"); `trace` holds every step that
/// led there, and `notes` the rulings and ignored keys that shaped the outcome.
public struct ActivationDecision: Hashable, Sendable, Codable {
    /// How the rule was written.
    public enum RuleForm: String, Hashable, Sendable, Codable {
        /// A dictionary of `NSExtensionActivationSupports…` keys.
        case dictionary
        /// A predicate format string.
        case predicate
        /// No `NSExtensionActivationRule` at all.
        case missing
        /// A rule that cannot be used: a predicate with a syntax error, a value of the wrong type.
        case invalid
    }

    /// Whether the extension appears for the payload.
    public var isEligible: Bool
    /// The rule's form.
    public var ruleForm: RuleForm
    /// The deciding reason, in one line.
    public var summary: String
    /// Every step of the decision, as a tree.
    public var trace: [ExplanationNode]
    /// Rulings applied and keys ignored, each in one line.
    public var notes: [String]
    /// Why evaluating a predicate rule failed (it raised, as NSPredicate raises on iOS), when
    /// it did; the extension is then not offered.
    public var evaluationFailure: String?

    /// Creates a decision.
    public init(isEligible: Bool, ruleForm: RuleForm, summary: String,
                trace: [ExplanationNode] = [], notes: [String] = []) {
        self.isEligible = isEligible
        self.ruleForm = ruleForm
        self.summary = summary
        self.trace = trace
        self.notes = notes
    }
}

/// One step of an explanation: what was checked, its outcome, and the steps inside it.
public struct ExplanationNode: Hashable, Sendable, Codable {
    /// What was checked and what was found.
    public var text: String
    /// The step's outcome, when it has one.
    public var result: Bool?
    /// The Info.plist key that decided this step, if one did.
    public var key: String?
    /// The steps inside this one.
    public var children: [ExplanationNode]

    /// Creates a step.
    public init(_ text: String, result: Bool? = nil, key: String? = nil, children: [ExplanationNode] = []) {
        self.text = text
        self.result = result
        self.key = key
        self.children = children
    }

    /// The step and its children as indented lines, each prefixed with ✓ or ✗ when it has an outcome.
    public func lines(indent: Int = 0) -> [String] {
        let mark = result.map { $0 ? "✓ " : "✗ " } ?? "· "
        return [String(repeating: "  ", count: indent) + mark + text]
            + children.flatMap { $0.lines(indent: indent + 1) }
    }
}
