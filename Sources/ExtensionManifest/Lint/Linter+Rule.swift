import TypeIdentifiers

extension Linter {
    func checkRule(_ d: ExtensionDeclaration, _ ext: ExtensionBundle, _ out: inout LintCollector) {
        let key = "NSExtension.NSExtensionAttributes.NSExtensionActivationRule"
        let point = d.pointIdentifier ?? ""
        switch d.activationRule {
        case .missing:
            if ExtensionPoint.isActivated(point) {
                out.add(.activationMissingRule, "no NSExtensionActivationRule: a \(ExtensionPoint.shortName(point)) extension without one activates for nothing", at: "NSExtension.NSExtensionAttributes")
            }
        case .invalid:
            break  // reported while reading
        case .dictionary(let rule):
            if !rule.acceptsSomething {
                out.add(.activationNeverTrue, "every kind is absent or zero (and NSExtensionActivationSupportsText is not true), so the rule accepts nothing", at: key)
            }
            if let lo = rule.attachmentsMinimum, let hi = rule.attachmentsMaximum, lo > hi {
                out.add(.activationNeverTrue, "NSExtensionActivationSupportsAttachmentsWithMinCount (\(lo)) is greater than …WithMaxCount (\(hi)); no share can satisfy both", at: key)
            }
            if rule.attachmentsMaximum == 0 {
                out.add(.activationNeverTrue, "NSExtensionActivationSupportsAttachmentsWithMaxCount is 0, but a share always has at least one attachment", at: key)
            }
            if rule.usesStrictMatching != nil, rule.effectiveVersion == 1 {
                out.add(.activationStrictWithoutVersion2, "NSExtensionActivationUsesStrictMatching has no effect without NSExtensionActivationDictionaryVersion 2 (version 1 is always strict)", at: key)
            }
            if rule.version.map({ $0 != 1 && $0 != 2 }) == true {
                out.add(.activationInvalidCount, "NSExtensionActivationDictionaryVersion is \(rule.version ?? 0); Apple defines 1 and 2 (Appex treats it as \(rule.effectiveVersion))", at: key, severity: .warning)
            }
        case .predicate(let rule):
            if rule.containsTruePredicate {
                out.add(.activationTruePredicate, "the activation rule uses TRUEPREDICATE, which the App Store rejects (\"Invalid Info.plist value\"); write a rule for the types the extension handles", at: key)
            }
            guard let predicate = rule.predicate else { return }
            let registry = ext.typeRegistry()
            var check = PredicateLint(registry: registry)
            check.check(predicate)
            var seen: Set<String> = []
            for finding in check.findings where seen.insert(finding.message).inserted {
                out.add(finding.code, finding.message, at: key)
            }
            // A rule that raises offers nothing (as on iOS, where NSPredicate raises): say for
            // which of the presets' shares it does.
            var raising: [(String, String)] = []
            for spelling in ["safari-page", "safari-page-js", "firefox-page", "photos:3", "photos-mixed:3", "files-pdf", "notes-text", "mail-attachments:3"] {
                guard let preset = try? PayloadPreset.parse(spelling) else { continue }
                let decision = rule.evaluate(preset.payload, registry: registry)
                if let failure = decision.evaluationFailure { raising.append((spelling, failure)) }
            }
            if let first = raising.first {
                out.add(.activationRaises, "for \(raising.map(\.0).joined(separator: ", ")), the activation predicate raises, "
                        + "so the extension is not offered; for \(first.0): \(first.1)", at: key)
            }
            checkBehaviour(rule, predicate, registry: registry,
                           neverTrueReported: check.findings.contains { $0.code == .activationNeverTrue }, &out)
        }
    }
}
