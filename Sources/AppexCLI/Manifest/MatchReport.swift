import ExtensionManifest

/// What `appex match` found: per extension, per payload, the decision.
struct MatchReport: Encodable {
    struct Payload: Encodable {
        var name: String
        var summary: String
        var payload: ActivationPayload
    }

    struct Extension: Encodable {
        var identifier: String
        var path: String
        var point: String?
        var decisions: [Decision]
    }

    struct Decision: Encodable {
        var payload: String
        var eligible: Bool
        var ruleForm: String
        var summary: String
        var trace: [ExplanationNode]
        var notes: [String]
    }

    var payloads: [Payload]
    var extensions: [Extension]

    var anyEligible: Bool { extensions.contains { $0.decisions.contains(where: \.eligible) } }

    static func build(_ extensions: [ExtensionBundle], payloads: [(name: String, payload: ActivationPayload)]) -> MatchReport {
        MatchReport(
            payloads: payloads.map { Payload(name: $0.name, summary: $0.payload.description, payload: $0.payload) },
            extensions: extensions.map { ext in
                let registry = ext.typeRegistry()
                return Extension(identifier: ext.name, path: ext.infoPlistPath, point: ext.declaration?.pointIdentifier,
                                 decisions: payloads.map { p in
                                     let d = ext.activation(for: p.payload, registry: registry)
                                     return Decision(payload: p.name, eligible: d.isEligible, ruleForm: d.ruleForm.rawValue,
                                                     summary: d.summary, trace: d.trace, notes: d.notes)
                                 })
            })
    }

    func lines(explain: Bool) -> [String] {
        var out: [String] = []
        for ext in extensions {
            let point = ext.point.map { " (\(ExtensionPoint.shortName($0)))" } ?? ""
            out.append("\(ext.identifier)\(point) — \(ext.path)")
            for d in ext.decisions {
                out.append("  \(d.eligible ? "✓ eligible" : "✗ not eligible") for \(d.payload): \(d.summary)")
                guard explain else { continue }
                if let p = payloads.first(where: { $0.name == d.payload }) { out.append("      share: \(p.summary)") }
                out += d.trace.flatMap { $0.lines(indent: 3) }
                out += d.notes.map { "      note: \($0)" }
            }
        }
        let eligible = extensions.filter { $0.decisions.contains(where: \.eligible) }.count
        out.append("\(eligible) of \(extensions.count) extension\(extensions.count == 1 ? "" : "s") eligible")
        return out
    }
}
