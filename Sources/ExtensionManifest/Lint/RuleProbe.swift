import PredicateFormat
import TypeIdentifiers

/// Evaluates a predicate rule on shares built from the presets, for the findings that need
/// what the rule does rather than how it is written (docs/LINT.md, "Rules tried on shares").
///
/// It decides and does not describe: ``run()`` says which shares showed a count that holds at
/// zero (`activation.zero-count`), whether no share was accepted (`activation.accepts-nothing`)
/// and whether every one was (`activation.accepts-everything`); `Linter+Probe.swift` words them.
struct RuleProbe {
    /// A share to try, with the name findings give it (`photos:3`, `3 × [com.apple.quicktime-movie]`).
    struct Probe: Hashable {
        var name: String
        var payload: ActivationPayload
        /// Whether this is a preset's share (named by its spelling) rather than one made for the probe.
        var isPreset = false

        /// The name, and for a preset the types it carries: `photos:3 (3 × [public.jpeg, public.heic])`.
        var label: String { isPreset ? "\(name) (\(RuleProbe.typeSummary(payload)))" : name }
    }

    /// What one evaluation gave.
    enum Outcome: Hashable {
        case accepted, rejected
        /// The rule raised, so the share is not offered (reported as `activation.raises`).
        case raised
    }

    /// A count bound that held while counting nothing.
    struct ZeroCount: Hashable {
        /// The comparison, such as `SUBQUERY(…).@count <= 2`.
        var clause: ComparisonPredicate
        /// The types its `SUBQUERY` names: what it was meant to count.
        var countedTypes: [String]
    }

    /// A share the rule accepted only through counts that hold at zero (no type test matched).
    struct ZeroCountFinding: Hashable {
        /// The first such share, in probe order.
        var probe: Probe
        /// The comparisons that held with a count of zero for it.
        var clauses: [ZeroCount]
        /// The other such shares the rule accepted.
        var others: [Probe]
    }

    /// What trying the rule found, before any of it is put into words.
    struct Findings: Hashable {
        /// Shares accepted only through counts that hold at zero.
        var zeroCount: ZeroCountFinding?
        /// Every share tried, when none was accepted and none raised.
        var acceptedNothing: [Probe]?
        /// Whether every preset and the undeclared-type share were accepted.
        var acceptedEverything = false
        /// When every share was accepted, the counts that held at zero for the undeclared-type share.
        var everythingThrough: [ZeroCount] = []
    }

    let predicate: FormatPredicate
    let compiled: CompiledPredicate?
    let options: PredicateEvaluationOptions
    /// The type identifiers the rule names.
    let namedTypes: [String]

    /// Prepares a rule for trying; `registry` knows the bundle's own types.
    init(_ predicate: FormatPredicate, registry: TypeRegistry) {
        self.predicate = predicate
        options = PredicateEvaluationOptions(typeRegistry: registry)
        compiled = try? predicate.compiled(options: options)
        namedTypes = PredicateActivationRule.typeIdentifiers(in: predicate)
    }

    /// Evaluates the compiled rule on a share, against the object of docs/ACTIVATION.md, ruling 15.
    func outcome(_ payload: ActivationPayload) -> Outcome {
        let object = PredicateActivationRule.object(for: payload)
        do {
            let holds = try compiled.map { try $0.evaluate(with: object) }
                ?? predicate.evaluate(with: object, options: options)
            return holds ? .accepted : .rejected
        } catch {
            return .raised
        }
    }

    /// Tries the rule on every probe and decides the three findings.
    func run() -> Findings {
        var findings = Findings()
        findings.zeroCount = zeroCountFinding()

        let presets = Self.presetProbes
        let presetOutcomes = presets.map { outcome($0.payload) }
        let undeclared = outcome(Self.undeclaredTypeProbe.payload)
        findings.acceptedEverything = presetOutcomes.allSatisfy { $0 == .accepted } && undeclared == .accepted
        if findings.acceptedEverything { findings.everythingThrough = acceptancePath(for: Self.undeclaredTypeProbe.payload).zeroCounts }

        let named = Self.namedTypeProbes(namedTypes)
        let namedOutcomes = named.map { outcome($0.payload) }
        let all = presetOutcomes + namedOutcomes
        if all.allSatisfy({ $0 == .rejected }) { findings.acceptedNothing = presets + named }
        return findings
    }

    /// The shares the rule accepts only through counts that hold at zero, with those counts.
    func zeroCountFinding() -> ZeroCountFinding? {
        var found: [(Probe, [ZeroCount])] = []
        for probe in Self.shareProbes where outcome(probe.payload) == .accepted {
            let path = acceptancePath(for: probe.payload)
            if path.isThroughZeroCountsOnly { found.append((probe, path.zeroCounts)) }
        }
        guard let (first, clauses) = found.first else { return nil }
        return ZeroCountFinding(probe: first, clauses: clauses, others: found.dropFirst().map(\.0))
    }
}
