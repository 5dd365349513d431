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

    /// The manifest fuzzer's first finding (docs/FUZZING.md): a clause after the one that
    /// decides an OR (or an AND) is never evaluated, so its unbound variable is no failure.
    struct ShortCircuitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let types: [String]
        let eligible: Bool
        let fails: Bool
        var testDescription: String { name }
    }

    static let shortCircuitCases: [ShortCircuitCase] = [
        .init(name: "a file: the first clause holds, the misspelt one is never reached", types: ["public.jpeg", "public.file-url"],
              eligible: true, fails: false),
        .init(name: "text: the misspelt clause is reached and raises", types: ["public.plain-text"], eligible: false, fails: true),
    ]

    @Test("an OR decided by its first clause: the share sheet and the explanation agree, and the unreached clause raises nothing",
          arguments: shortCircuitCases)
    func shortCircuit(_ c: ShortCircuitCase) {
        let source = """
            SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,
                ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.file-url"
                || ANY $attaahment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count >= 1).@count >= 1
            """
        let rule = ActivationRule.predicate(PredicateActivationRule(source: source))
        let payload = ActivationPayload(items: [.init(attachments: [.init(c.types)])])
        let evaluated = rule.evaluate(payload)
        #expect(PreparedActivationRule(rule).decide(payload).isEligible == c.eligible)
        #expect(evaluated.isEligible == c.eligible, "\(evaluated.summary)")
        #expect((evaluated.evaluationFailure != nil) == c.fails, "\(evaluated.evaluationFailure ?? "no failure")")
        let lines = evaluated.trace.flatMap { $0.lines() }
        #expect(lines.contains { $0.contains("$attaahment has no value") && $0.contains("(never evaluated: the outcome was already decided)") }
                == !c.fails, "\(lines)")
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
