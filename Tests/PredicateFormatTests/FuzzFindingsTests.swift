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

    @Test("there are findings to replay")
    func present() {
        #expect(!Self.findings.isEmpty)
    }

    @Test("every finding keeps the parse–print–parse promise", arguments: findings)
    func replay(_ name: String) throws {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let data = try Data(contentsOf: folder.appendingPathComponent("fuzz-findings").appendingPathComponent(name))
        let source = String(decoding: data, as: UTF8.self)
        guard let predicate = try? FormatPredicate(format: source) else { return }
        let printed = predicate.predicateFormat
        let again = try FormatPredicate(format: printed)
        #expect(again == predicate)
        #expect(again.predicateFormat == printed)
        let object: PredicateValue = ["name": "Ben", "tags": ["a"], "b10": 2]
        _ = try? predicate.evaluate(with: object)
    }
}
