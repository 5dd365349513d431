import TypeIdentifiers

extension DictionaryActivationRule {
    /// Decides the rule for a payload with version 1 (strict) or version 2 (fuzzy) matching,
    /// as docs/ACTIVATION.md rules (rulings 9–14), and explains every step.
    public func evaluate(_ payload: ActivationPayload, registry: TypeRegistry = .shared) -> ActivationDecision {
        let attachments = payload.attachments
        let classes = attachments.map { AttachmentClassification($0, registry: registry) }
        var trace: [ExplanationNode] = []
        var failures: [String] = []

        // The attachment total.
        let total = attachments.count
        let minimum = attachmentsMinimum ?? 1
        let minText = attachmentsMinimum == nil
            ? "\(Self.attachmentsMinimumKey) is absent (default 1; docs/ACTIVATION.md, ruling 12)"
            : "\(Self.attachmentsMinimumKey) is \(minimum)"
        if total < minimum {
            let why = total == 0 ? "the share has no attachments and \(minText)" : "\(Self.plural(total, "attachment")) but \(minText)"
            failures.append(why)
            trace.append(ExplanationNode(why, result: false, key: Self.attachmentsMinimumKey))
        } else {
            trace.append(ExplanationNode("\(Self.plural(total, "attachment")), at least \(minimum) needed", result: true,
                                         key: attachmentsMinimum == nil ? nil : Self.attachmentsMinimumKey))
        }
        if let maximum = attachmentsMaximum {
            let ok = total <= maximum
            let text = "\(Self.plural(total, "attachment")) \(ok ? "within" : "but") \(Self.attachmentsMaximumKey) \(ok ? "of" : "is") \(maximum)"
            if !ok { failures.append(text) }
            trace.append(ExplanationNode(text, result: ok, key: Self.attachmentsMaximumKey))
        }

        // Each attachment, then the counts per kind.
        let version = effectiveVersion
        let strict = version == 1 || usesStrictMatching == true
        var counts: [AttachmentKind: Int] = [:]
        var accepted = 0
        for (i, (attachment, c)) in zip(attachments, classes).enumerated() {
            let label = "attachment \(i + 1) (\(attachment.registeredTypeIdentifiers.joined(separator: ", ")))"
            let counted: AttachmentKind? = version == 1
                ? (supports(c.primary) ? c.primary : nil)
                : c.possible.first(where: supports)
            if let kind = counted {
                accepted += 1
                counts[kind, default: 0] += 1
                let via = kind == c.primary ? "is \(Self.article(kind))" : "is \(Self.article(c.primary)), accepted as \(Self.article(kind))"
                trace.append(ExplanationNode("\(label) \(via), and \(Self.supportText(kind, self))", result: true, key: kind.activationKey))
            } else {
                let why = version == 1
                    ? "\(label) is \(Self.article(c.primary)) and \(Self.unsupportedText(c.primary, self))"
                    : "\(label) is \(c.possible.map(Self.article).joined(separator: " or ")) and none is supported (\(c.possible.map { Self.unsupportedText($0, self) }.joined(separator: "; ")))"
                if strict { failures.append(why) }
                trace.append(ExplanationNode(why + (strict ? "" : "; ignored (version 2, fuzzy matching)"),
                                             result: strict ? false : nil, key: c.primary.activationKey))
            }
        }
        if version == 2, accepted == 0, total > 0 {
            let why = "no attachment is accepted"
            failures.append(why)
            trace.append(ExplanationNode(why, result: false))
        }
        for kind in AttachmentKind.allCases {
            guard let n = counts[kind], let maximum = maximum(for: kind) else { continue }
            let ok = n <= maximum
            let text = "\(kind.counted(n)) \(ok ? "within" : "but") \(kind.activationKey) \(ok ? "of" : "is") \(maximum)"
            if !ok { failures.append(text) }
            trace.append(ExplanationNode(text, result: ok, key: kind.activationKey))
        }

        var notes = [version == 1
            ? "version 1 matching (strict): every attachment must be a supported kind (docs/ACTIVATION.md, ruling 10)"
            : "version 2 matching (fuzzy\(usesStrictMatching == true ? ", with NSExtensionActivationUsesStrictMatching" : "")): "
              + (usesStrictMatching == true ? "every attachment must be accepted (docs/ACTIVATION.md, ruling 11)"
                                           : "unsupported attachments are ignored (docs/ACTIVATION.md, ruling 11)")]
        if version == 1, usesStrictMatching != nil {
            notes.append("NSExtensionActivationUsesStrictMatching has no effect without NSExtensionActivationDictionaryVersion 2")
        }
        notes += ignored.map { "\($0.key) \($0.reason)" }
        let summary = failures.first ?? (total == 0 ? "eligible" : "accepted: " + AttachmentKind.allCases
            .compactMap { k in counts[k].map { k.counted($0) } }.joined(separator: ", "))
        return ActivationDecision(isEligible: failures.isEmpty, ruleForm: .dictionary, summary: summary,
                                  trace: trace, notes: notes)
    }

    static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)" + (n == 1 ? "" : "s") }

    static func article(_ kind: AttachmentKind) -> String {
        switch kind {
        case .text: "text"
        case .image: "an image"
        default: "a \(kind.noun)"
        }
    }

    static func supportText(_ kind: AttachmentKind, _ rule: DictionaryActivationRule) -> String {
        kind == .text ? "NSExtensionActivationSupportsText is true"
            : "\(kind.activationKey) is \(rule.maximumCounts[kind] ?? 0)"
    }

    static func unsupportedText(_ kind: AttachmentKind, _ rule: DictionaryActivationRule) -> String {
        let key = kind.activationKey
        if let ignored = rule.ignored.first(where: { $0.key == key }) {
            return "\(key) \(ignored.reason), so it counts as absent"
        }
        if kind == .text { return rule.supportsText.map { "\(key) is \($0)" } ?? "\(key) is absent" }
        if let n = rule.maximumCounts[kind] { return "\(key) is \(n)" }
        return "\(key) is absent"
    }
}
