import Foundation
import PredicateFormat
import Testing

/// Every string activation rule of the real extension Info.plists in Fixtures/corpus parses,
/// and its canonical form parses back to an equal predicate.
@Suite struct CorpusRoundTripTests {
    /// One corpus file's string activation rule.
    struct Rule: CustomTestStringConvertible, Sendable {
        let file: String
        let source: String
        var testDescription: String { file }
    }

    /// The string rules of every plist in Fixtures/corpus that PropertyListSerialization reads.
    static let rules: [Rule] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
            .appendingPathComponent("corpus"),
            let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        return files.filter { $0.pathExtension == "plist" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .compactMap { url -> Rule? in
                guard let data = try? Data(contentsOf: url),
                      let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                      let extensionInfo = plist["NSExtension"] as? [String: Any],
                      let attributes = extensionInfo["NSExtensionAttributes"] as? [String: Any],
                      let rule = attributes["NSExtensionActivationRule"] as? String
                else { return nil }
                return Rule(file: url.lastPathComponent, source: rule)
            }
    }()

    @Test("the corpus holds the 33 string rules")
    func corpusIsComplete() {
        #expect(Self.rules.count == 33)
    }

    @Test("every corpus rule parses and round-trips", arguments: rules)
    func roundTrips(_ rule: Rule) throws {
        let parsed = try FormatPredicate(format: rule.source)
        let canonical = parsed.predicateFormat
        let reparsed = try FormatPredicate(format: canonical)
        #expect(reparsed == parsed)
        #expect(reparsed.predicateFormat == canonical)
        #expect(!canonical.contains("\n"))
    }

    @Test("XML entities in a rule are decoded before parsing")
    func entitiesDecoded() throws {
        let rule = try #require(Self.rules.first { $0.file.hasPrefix("007-") })
        #expect(rule.source.contains("UTI-CONFORMS-TO \"public.url\""))
    }
}
