import TypeIdentifiers

extension DictionaryActivationRule {
    /// Whether the rule accepts a payload: exactly ``evaluate(_:registry:)``'s `isEligible`,
    /// without its explanation (``PreparedActivationRule`` explains later).
    public func accepts(_ payload: ActivationPayload, registry: TypeRegistry = .shared) -> Bool {
        let attachments = payload.attachments
        let total = attachments.count
        if total < (attachmentsMinimum ?? 1) { return false }
        if let maximum = attachmentsMaximum, total > maximum { return false }
        let version = effectiveVersion
        let strict = version == 1 || usesStrictMatching == true
        var counts: [AttachmentKind: Int] = [:]
        var accepted = 0
        for attachment in attachments {
            let c = AttachmentClassification(attachment, registry: registry)
            let counted: AttachmentKind? = version == 1 ? (supports(c.primary) ? c.primary : nil) : c.possible.first(where: supports)
            if let kind = counted {
                accepted += 1
                counts[kind, default: 0] += 1
            } else if strict {
                return false
            }
        }
        if version == 2, accepted == 0, total > 0 { return false }
        return counts.allSatisfy { kind, n in maximum(for: kind).map { n <= $0 } ?? true }
    }
}
