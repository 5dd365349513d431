import Foundation
import PredicateFormat
import Testing

/// Inputs the fuzzer (Fuzz/run.sh) found, kept in Fixtures/fuzz-findings/ byte for byte.
///
/// Each must keep the fuzzer's promises: it parses or fails with a syntax error; if it
/// parses, the canonical form parses back to an equal tree and prints identically; and
/// evaluation returns or throws, never crashes.
@Suite("Fuzz findings")
struct FuzzFindingsTests {
    static let findings: [String] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
            .appendingPathComponent("fuzz-findings"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    /// What each finding does today: it parses, or it fails with this syntax error. A
    /// finding that changes outcome fails its case, and a new finding needs a row here.
    enum Outcome: Sendable, Equatable {
        case parses
        case fails(PredicateSyntaxError.Code, line: Int, column: Int)
    }

    static let outcomes: [String: Outcome] = [
        "deep-negation-reprint": .parses,
        "deep-power-tower-reprint": .parses,
        "escaped-no-break-space": .fails(.unexpectedToken, line: 1, column: 1),
        "long-chain-reprint": .parses,
    ]

    @Test("every finding on disk has its expected outcome, and every outcome its finding")
    func present() {
        #expect(!Self.findings.isEmpty)
        #expect(Set(Self.findings) == Set(Self.outcomes.keys))
    }

    @Test("every finding keeps the parse–print–parse promise", arguments: findings)
    func replay(_ name: String) throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let data = try Data(contentsOf: folder.appendingPathComponent("fuzz-findings").appendingPathComponent(name))
        let source = String(decoding: data, as: UTF8.self)
        let expected = try #require(Self.outcomes[name], "no expected outcome for the finding \(name)")
        switch expected {
        case .fails:
            let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: source) }
            #expect(Outcome.fails(error.code, line: error.line, column: error.column) == expected, "\(error)")
        case .parses:
            let predicate = try FormatPredicate(format: source)
            let printed = predicate.predicateFormat
            let again = try FormatPredicate(format: printed)
            #expect(again == predicate)
            #expect(again.predicateFormat == printed)
            // Evaluation returns or throws; it must not crash.
            let object: PredicateValue = ["name": "Ben", "tags": ["a"], "b10": 2]
            _ = try? predicate.evaluate(with: object)
        }
    }
}
