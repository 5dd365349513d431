import PredicateFormat
import Testing

/// Random predicates against random objects: the compiled form and the tree-walking
/// evaluator agree on every result and error. Seeded, so every failure replays.
@Suite struct CompilationPropertyTests {
    /// One batch of random cases.
    struct Batch: CustomTestStringConvertible, Sendable {
        let seed: UInt64
        var testDescription: String { "seed \(seed)" }
    }

    static let batches = (1...40).map { Batch(seed: UInt64($0) &* 7_919) }
    static let perBatch = 100

    @Test(arguments: batches)
    func randomTreesAgree(_ batch: Batch) {
        var gen = RandomTrees(seed: batch.seed)
        for i in 0..<Self.perBatch {
            let predicate = gen.predicate()
            let objects = (0..<3).map { _ in gen.object() }
            let substitutions: [String: PredicateValue] = gen.chance(0.5) ? ["v": gen.value()] : [:]
            let limit = gen.chance(0.2) ? gen.int(6) : PredicateEvaluationOptions.defaultMaximumDepth
            let options = PredicateEvaluationOptions(maximumDepth: limit)
            for object in objects {
                let (walked, compiled) = Differential.outcomes(predicate, object, substitutions: substitutions, options: options)
                #expect(compiled == walked, "case \(i): \(predicate.predicateFormat) on \(object)")
                if case .dictionary(let values) = object {
                    let (w, k) = Differential.outcomes(predicate, object: KVCObject(values: values),
                                                       substitutions: substitutions, options: options)
                    #expect(k == w, "case \(i) on a Swift object: \(predicate.predicateFormat) on \(object)")
                }
            }
        }
    }

    /// The generator reaches both outcomes and errors, so the comparison above is not vacuous.
    @Test func randomTreesCoverResultsAndErrors() {
        var gen = RandomTrees(seed: 42)
        var seen: Set<String> = []
        for _ in 0..<3_000 {
            let predicate = gen.predicate()
            let object = gen.object()
            switch Differential.outcomes(predicate, object).walked {
            case .value(let b): seen.insert("\(b)")
            case .error(let code, _): seen.insert(code.rawValue)
            }
        }
        #expect(seen.isSuperset(of: ["true", "false", "typeMismatch", "invalidRegularExpression"]))
    }
}
