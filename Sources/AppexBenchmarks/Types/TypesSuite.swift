import TypeIdentifiers

/// Conformance checks: `UTType.conforms(to:)` and the string-based registry check that
/// predicates use, against a `Set<String>` lookup and a plain `String ==` in the same run.
struct TypesSuite {
    /// How each benchmark is timed.
    let measurer: Measurer

    /// Runs the suite; the first two rows are the baselines.
    func run() -> [ResultRow] {
        let pairs = ConformancePairs()
        guard pairs.count > 0 else {
            return [ResultRow(skipped: "conformance", reason: "the registry declares no types")]
        }
        let n = pairs.count
        let equality = measurer.measure(operationsPerCall: n) { call in
            var hits = 0
            for i in Rotation(count: n, start: call) where pairs.identifiers[i].0 == pairs.identifiers[i].1 { hits += 1 }
            return hits
        }
        var setHits = 0
        let setLookup = measurer.measure(operationsPerCall: n) { call in
            var hits = 0
            for i in Rotation(count: n, start: call) where pairs.ancestorSets[i].0.contains(pairs.ancestorSets[i].1) { hits += 1 }
            setHits = hits
            return hits
        }
        var typeHits = 0
        let conforms = measurer.measure(operationsPerCall: n) { call in
            var hits = 0
            for i in Rotation(count: n, start: call) where pairs.types[i].0.conforms(to: pairs.types[i].1) { hits += 1 }
            typeHits = hits
            return hits
        }
        let registry = TypeRegistry.shared
        var registryHits = 0
        let registryConforms = measurer.measure(operationsPerCall: n) { call in
            var hits = 0
            for i in Rotation(count: n, start: call) where registry.conforms(pairs.identifiers[i].0, to: pairs.identifiers[i].1) { hits += 1 }
            registryHits = hits
            return hits
        }
        let shape = "\(n / ConformancePairs.supertypeIdentifiers.count) types × \(ConformancePairs.supertypeIdentifiers.count) supertypes"
        let agree = typeHits == setHits && registryHits == setHits
        let check = agree ? "\(setHits) of \(n) conform; all agree"
                          : "MISMATCH: set \(setHits), UTType \(typeHits), registry \(registryHits)"
        return [
            ResultRow(name: "baseline: String ==", equality, note: shape),
            ResultRow(name: "baseline: Set<String>.contains", setLookup, note: "precomputed lowercased ancestor sets"),
            row("UTType.conforms(to:)", conforms, against: setLookup,
                note: "\(versus(conforms, equality)) String ==; \(check)"),
            row("TypeRegistry.conforms(_:to:)", registryConforms, against: setLookup,
                note: "\(versus(registryConforms, equality)) String ==; string identifiers, as predicates use"),
        ]
    }

    /// `m` over `baseline` as text, such as `4.61x`.
    private func versus(_ m: Measurement, _ baseline: Measurement) -> String {
        Formatting.ratio(m.nanosecondsPerOperation / baseline.nanosecondsPerOperation)
    }

    private func row(_ name: String, _ m: Measurement, against baseline: Measurement, note: String) -> ResultRow {
        ResultRow(name: name, m, against: ("Set<String>.contains", baseline), note: note)
    }
}
