import PredicateFormat
import TypeIdentifiers

extension Linter {
    /// Tries a predicate rule on the presets' shares (``RuleProbe``) and reports what it
    /// does: `activation.zero-count`, `activation.accepts-nothing`, `activation.accepts-everything`.
    ///
    /// `neverTrueReported` leaves out `accepts-nothing` when the static check already proved
    /// the rule can never hold; a rule with `TRUEPREDICATE` in it is already reported as such.
    func checkBehaviour(_ rule: PredicateActivationRule, _ predicate: FormatPredicate, registry: TypeRegistry,
                        neverTrueReported: Bool, _ out: inout LintCollector) {
        let key = "NSExtension.NSExtensionAttributes.NSExtensionActivationRule"
        let findings = RuleProbe(predicate, registry: registry).run()
        if let zero = findings.zeroCount {
            out.add(.activationZeroCount, Self.zeroCountMessage(zero), at: key)
        }
        if let tried = findings.acceptedNothing, !neverTrueReported {
            let first = tried[0]
            let reason = rule.evaluate(first.payload, registry: registry).summary
            out.add(.activationAcceptsNothing,
                    "the rule accepts none of the \(tried.count) shares tried (every preset, and 1 to 10 attachments of each type it names"
                    + (rule.namedTypeIdentifiers.isEmpty ? "; it names none" : ": " + rule.namedTypeIdentifiers.joined(separator: ", "))
                    + "), so the extension is never offered; for \(first.name): \(reason)", at: key)
        }
        if findings.acceptedEverything, !rule.containsTruePredicate {
            let through = findings.everythingThrough.isEmpty ? ""
                : " (for it, \(Self.describe(findings.everythingThrough)) \(findings.everythingThrough.count == 1 ? "holds" : "hold") with a count of 0)"
            out.add(.activationAcceptsEverything,
                    "the rule accepts every preset's share (\(PayloadPreset.catalog.map(\.spelling).joined(separator: ", ")), N = 3 and 1) "
                    + "and even an attachment of a type nothing declares (\(RuleProbe.undeclaredType))\(through), so it is TRUEPREDICATE in effect; "
                    + "the App Store rejects TRUEPREDICATE (\"Invalid Info.plist value\"); write a rule for the types the extension handles", at: key)
        }
    }

    /// `SUBQUERY(…).@count <= 2 (it counts public.url) and …`.
    static func describe(_ counts: [RuleProbe.ZeroCount]) -> String {
        counts.map { c in
            let counted = c.countedTypes.isEmpty ? "" : " (it counts \(c.countedTypes.joined(separator: ", ")))"
            return "\(PredicateExplainer.abbreviated(.comparison(c.clause)))\(counted)"
        }.joined(separator: " and ")
    }

    /// `the rule accepts photos:3 (3 × [public.jpeg, public.heic]) only through SUBQUERY(…).@count <= 2 …`.
    static func zeroCountMessage(_ zero: RuleProbe.ZeroCountFinding) -> String {
        let shown = zero.others.prefix(4).map(\.name)
        let more = zero.others.count > shown.count ? ", and \(zero.others.count - shown.count) more" : ""
        let also = shown.isEmpty ? "" : "; it also accepts \(shown.joined(separator: ", "))\(more)"
        return "the rule accepts \(zero.probe.label) only through \(describe(zero.clauses)), which \(zero.clauses.count == 1 ? "holds" : "hold") with a count of 0: "
            + "no attachment matched a type the rule tests\(also); "
            + "require at least one as well (@count >= 1) so that only shares with those types activate it"
    }
}
