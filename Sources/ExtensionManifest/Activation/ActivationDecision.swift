import Synchronization

/// Whether an extension is eligible for a payload, and why.
///
/// `summary` is the one reason a person needs ("3 images but
/// NSExtensionActivationSupportsImageWithMaxCount is 1"); `trace` holds every step that
/// led there, and `notes` the rulings and ignored keys that shaped the outcome.
///
/// A decision may be explained later: ``init(isEligible:ruleForm:explainedBy:)`` keeps the
/// outcome and makes the explanation the first time one of its parts is read (a share
/// decides a thousand rules and shows a few reasons).
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
    private var details: Details

    /// Creates a decision.
    public init(isEligible: Bool, ruleForm: RuleForm, summary: String,
                trace: [ExplanationNode] = [], notes: [String] = []) {
        self.isEligible = isEligible
        self.ruleForm = ruleForm
        details = .made(Explanation(summary: summary, trace: trace, notes: notes))
    }

    /// A decision whose explanation `explain` makes when first read; `explain` must come to
    /// the same outcome (its `isEligible` and `ruleForm` are not used).
    public init(isEligible: Bool, ruleForm: RuleForm, explainedBy explain: @escaping @Sendable () -> ActivationDecision) {
        self.isEligible = isEligible
        self.ruleForm = ruleForm
        details = .later(LaterExplanation(explain))
    }

    /// The deciding reason, in one line.
    public var summary: String {
        get { explanation.summary }
        set { details = .made(explanation.with { $0.summary = newValue }) }
    }

    /// Every step of the decision, as a tree.
    public var trace: [ExplanationNode] {
        get { explanation.trace }
        set { details = .made(explanation.with { $0.trace = newValue }) }
    }

    /// Rulings applied and keys ignored, each in one line.
    public var notes: [String] {
        get { explanation.notes }
        set { details = .made(explanation.with { $0.notes = newValue }) }
    }

    /// Why evaluating a predicate rule failed (it raised, as NSPredicate raises on iOS), when
    /// it did; the extension is then not offered.
    public var evaluationFailure: String? {
        get { explanation.evaluationFailure }
        set { details = .made(explanation.with { $0.evaluationFailure = newValue }) }
    }

    /// Whether the explanation is made already (not waiting to be read).
    public var isExplained: Bool {
        switch details {
        case .made: true
        case .later(let later): later.isMade
        }
    }

    private var explanation: Explanation {
        switch details {
        case .made(let explanation): explanation
        case .later(let later): later.explanation
        }
    }

    /// The parts of a decision that explain it.
    private struct Explanation: Hashable, Sendable {
        var summary: String
        var trace: [ExplanationNode]
        var notes: [String]
        var evaluationFailure: String?

        func with(_ change: (inout Explanation) -> Void) -> Explanation {
            var copy = self
            change(&copy)
            return copy
        }
    }

    private enum Details: Sendable {
        case made(Explanation)
        case later(LaterExplanation)
    }

    /// An explanation made once, when first read, by whichever copy reads it first.
    private final class LaterExplanation: Sendable {
        private let explain: @Sendable () -> ActivationDecision
        private let made = Mutex<Explanation?>(nil)

        init(_ explain: @escaping @Sendable () -> ActivationDecision) {
            self.explain = explain
        }

        var isMade: Bool { made.withLock { $0 != nil } }

        var explanation: Explanation {
            if let made = made.withLock({ $0 }) { return made }
            let decision = explain()
            let explanation = decision.explanation
            return made.withLock { made in
                if let earlier = made { return earlier }
                made = explanation
                return explanation
            }
        }
    }

    public static func == (a: ActivationDecision, b: ActivationDecision) -> Bool {
        a.isEligible == b.isEligible && a.ruleForm == b.ruleForm && a.explanation == b.explanation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(isEligible)
        hasher.combine(ruleForm)
        hasher.combine(explanation)
    }

    private enum CodingKeys: String, CodingKey {
        case isEligible, ruleForm, summary, trace, notes, evaluationFailure
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(isEligible: try container.decode(Bool.self, forKey: .isEligible),
                  ruleForm: try container.decode(RuleForm.self, forKey: .ruleForm),
                  summary: try container.decode(String.self, forKey: .summary),
                  trace: try container.decode([ExplanationNode].self, forKey: .trace),
                  notes: try container.decode([String].self, forKey: .notes))
        evaluationFailure = try container.decodeIfPresent(String.self, forKey: .evaluationFailure)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let explanation = explanation
        try container.encode(isEligible, forKey: .isEligible)
        try container.encode(ruleForm, forKey: .ruleForm)
        try container.encode(explanation.summary, forKey: .summary)
        try container.encode(explanation.trace, forKey: .trace)
        try container.encode(explanation.notes, forKey: .notes)
        try container.encodeIfPresent(explanation.evaluationFailure, forKey: .evaluationFailure)
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
