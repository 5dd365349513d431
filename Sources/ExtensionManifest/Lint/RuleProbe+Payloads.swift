extension RuleProbe {
    /// Every preset of `appex match`, the counted ones with 3 and with 1 attachment, in the
    /// catalog's order; a preset that gives the same types as an earlier one is left out
    /// (`photos-mixed:1` is `photos:1`).
    static let presetProbes: [Probe] = {
        var probes: [Probe] = []
        var seen: Set<[[[String]]]> = []
        for (spelling, _) in PayloadPreset.catalog {
            let spellings = spelling.hasSuffix(":N")
                ? [3, 1].map { spelling.replacingOccurrences(of: ":N", with: ":\($0)") } : [spelling]
            for text in spellings {
                guard let preset = try? PayloadPreset.parse(text) else { continue }
                if seen.insert(signature(preset.payload)).inserted {
                    probes.append(Probe(name: text, payload: preset.payload, isPreset: true))
                }
            }
        }
        return probes
    }()

    /// The attachments the presets are made of, each kind once, in the presets' order (a
    /// photo, a movie, a PDF file, text, a URL, …), then each file among them handed as data
    /// instead: its type without `public.file-url`, as an app shares a document it holds in
    /// memory (`[com.adobe.pdf]`).
    static let presetAttachments: [ActivationPayload.Attachment] = {
        var kinds: [ActivationPayload.Attachment] = []
        var seen: Set<[String]> = []
        for probe in presetProbes {
            for attachment in probe.payload.attachments where seen.insert(attachment.registeredTypeIdentifiers).inserted {
                kinds.append(attachment)
            }
        }
        for file in kinds where file.registeredTypeIdentifiers.contains("public.file-url") {
            let types = file.registeredTypeIdentifiers.filter { $0 != "public.file-url" }
            if !types.isEmpty, seen.insert(types).inserted {
                kinds.append(.init(types, suggestedName: file.suggestedName))
            }
        }
        return kinds
    }()

    /// The identifier of a type nothing declares, for the share that only a rule which does
    /// not look at types accepts.
    static let undeclaredType = "com.example.undeclared-type"

    /// One attachment whose only type is one nothing declares: it conforms to no type a rule
    /// can name, not even `public.item` (docs/ACTIVATION.md, ruling 6).
    static let undeclaredTypeProbe = probe(repeating: .init([undeclaredType]), 1)

    /// The shares tried for counts that hold at zero: the presets, then 3 and 1 of each
    /// preset attachment (and each file among them handed as data), without repeating a
    /// share already listed.
    static let shareProbes: [Probe] = unique(presetProbes + presetAttachments.flatMap { [probe(repeating: $0, 3), probe(repeating: $0, 1)] })

    /// Shares of each named type alone: 1, 2, 3, 5 and 10 attachments of it, in one item, so
    /// that a rule for a type no preset carries (a Wallet pass, a contact) is not taken for
    /// one that accepts nothing.
    static func namedTypeProbes(_ named: [String]) -> [Probe] {
        named.flatMap { id in [1, 2, 3, 5, 10].map { probe(repeating: .init([id]), $0) } }
    }

    /// `count` copies of one attachment in one item, named `3 × [public.jpeg, public.heic]`.
    static func probe(repeating attachment: ActivationPayload.Attachment, _ count: Int) -> Probe {
        Probe(name: "\(count) × [\(attachment.registeredTypeIdentifiers.joined(separator: ", "))]",
              payload: ActivationPayload(items: [.init(attachments: Array(repeating: attachment, count: count))]))
    }

    /// A share's registered types, item by item and attachment by attachment: what a rule sees.
    static func signature(_ payload: ActivationPayload) -> [[[String]]] {
        payload.items.map { $0.attachments.map(\.registeredTypeIdentifiers) }
    }

    /// The probes without a share whose types an earlier one already has.
    static func unique(_ probes: [Probe]) -> [Probe] {
        var seen: Set<[[[String]]]> = []
        return probes.filter { seen.insert(signature($0.payload)).inserted }
    }

    /// A share's types in one line: `3 × [public.jpeg, public.heic]`, or each attachment in
    /// turn when they differ (`[public.url], [public.plain-text]`); items apart with ` | `.
    static func typeSummary(_ payload: ActivationPayload) -> String {
        payload.items.map { item in
            var runs: [(types: [String], count: Int)] = []
            for attachment in item.attachments {
                if let last = runs.last, last.types == attachment.registeredTypeIdentifiers {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((attachment.registeredTypeIdentifiers, 1))
                }
            }
            return runs.map { ($0.count > 1 ? "\($0.count) × " : "") + "[" + $0.types.joined(separator: ", ") + "]" }
                .joined(separator: ", ")
        }.joined(separator: " | ")
    }
}
