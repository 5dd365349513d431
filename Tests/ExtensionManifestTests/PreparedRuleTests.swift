import ExtensionManifest
import Foundation
import Testing

/// A prepared rule decides as `evaluate` does and explains only when asked: on every corpus
/// rule and every preset, the outcome and the explanation agree.
@Suite struct PreparedRuleTests {
    static let payloads: [(String, ActivationPayload)] = PayloadPreset.catalog.compactMap { preset in
        let spelling = preset.spelling.replacingOccurrences(of: ":N", with: ":3")
        return (try? PayloadPreset.parse(spelling).payload).map { (spelling, $0) }
    }

    static let bundles: [(String, ExtensionBundle)] = Corpus.files.compactMap { file in
        (try? ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path))?.extensions.first.map { (file, $0) }
    }

    @Test("the presets are there") func presets() {
        #expect(Self.payloads.count == PayloadPreset.catalog.count)
        #expect(Self.bundles.count >= 70)
    }

    @Test("every corpus rule: the prepared decision is evaluate's, explained when read", arguments: bundles.map(\.0))
    func agrees(_ file: String) throws {
        let bundle = try #require(Self.bundles.first { $0.0 == file }?.1)
        let registry = bundle.typeRegistry()
        let rule = bundle.declaration?.activationRule ?? .missing
        let prepared = PreparedActivationRule(rule, registry: registry)
        for (spelling, payload) in Self.payloads {
            let decided = prepared.decide(payload)
            let evaluated = rule.evaluate(payload, registry: registry)
            #expect(decided.isEligible == evaluated.isEligible, "\(spelling)")
            #expect(decided.summary == evaluated.summary, "\(spelling)")
            #expect(decided.isExplained)
            #expect(decided == evaluated, "\(spelling)")
        }
    }

    @Test("a decision waits to be explained until a part is read, and copies share the explanation")
    func explainedWhenRead() throws {
        let rule = ActivationRule.predicate(PredicateActivationRule(source: "SUBQUERY(extensionItems, $e, $e.attachments.@count > 1).@count == 1"))
        let decision = PreparedActivationRule(rule).decide(ActivationPayload(items: [.init(attachments: [.init(["public.jpeg"])])]))
        let copy = decision
        #expect(!decision.isEligible)
        #expect(!decision.isExplained)
        #expect(!copy.summary.isEmpty)
        #expect(decision.isExplained)
        let data = try JSONEncoder().encode(decision)
        #expect(try JSONDecoder().decode(ActivationDecision.self, from: data) == decision)
    }
}
