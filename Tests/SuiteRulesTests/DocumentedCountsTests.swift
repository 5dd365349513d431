import Foundation
import Testing

/// Figures the docs quote about the test data — the corpus's size, the ported suites' case
/// counts — computed from the files and compared with every place a doc states them.
@Suite("The docs' figures about the test data")
struct DocumentedCountsTests {
    static let repository = ConditionalTestScanner.repository

    /// Every Markdown file of docs/ and the README, by path from the repository's root.
    static func documents() throws -> [(path: String, text: String)] {
        let docs = repository.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try (names.map { "docs/" + $0 } + ["README.md"]).map { path in
            (path, try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The numbers `pattern` captures (its first group) in every document, with where.
    static func quoted(_ pattern: String) throws -> [(place: String, number: Int)] {
        let expression = try NSRegularExpression(pattern: pattern)
        var found: [(String, Int)] = []
        for (path, text) in try documents() {
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                for match in expression.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    guard let range = Range(match.range(at: 1), in: line), let number = Int(line[range]) else { continue }
                    found.append(("\(path):\(index + 1)", number))
                }
            }
        }
        return found
    }

    @Test("the corpus's size, wherever a doc gives it, is the number of Info.plists in Tests/Corpus/extension-plists")
    func corpusSize() throws {
        let folder = Self.repository.appendingPathComponent("Tests/Corpus/extension-plists")
        let plists = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".plist") }.count
        try #require(plists > 0, "no corpus at \(folder.path)")
        let quoted = try Self.quoted(#"(?:the |corpus's )(\d+) (?:real )?(?:extension )?Info\.plists"#)
        try #require(!quoted.isEmpty, "no doc gives the corpus's size: the pattern no longer matches the docs' wording")
        for (place, number) in quoted {
            #expect(number == plists, "\(place) says \(number) Info.plists; the corpus has \(plists)")
        }
    }

    @Test("the ported predicate suites' case counts in FIDELITY.md are the case file's")
    func predicateCases() throws {
        let file = Self.repository.appendingPathComponent("Tests/PredicateFormatTests/Fixtures/conformance/predicate-cases.json")
        let cases = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        var bySuite: [String: Int] = [:]
        for entry in cases { bySuite[entry["suite"] as? String ?? "?", default: 0] += 1 }
        let fidelity = try String(contentsOf: Self.repository.appendingPathComponent("docs/FIDELITY.md"), encoding: .utf8)
        for (suite, heading, row) in [("corelibs", "### swift-corelibs-foundation", "| swift-corelibs-foundation's TestNSPredicate"),
                                      ("gnustep", "### GNUstep libs-base", "| GNUstep libs-base's Tests/base/NSPredicate")] {
            let count = try #require(bySuite[suite], "no \(suite) cases in \(file.lastPathComponent)")
            #expect(fidelity.contains("\(heading) (\(count) cases)"), "FIDELITY.md's heading for \(suite) does not say \(count) cases")
            let line = fidelity.split(separator: "\n").first { $0.hasPrefix(row) }
            #expect(line?.hasSuffix("| \(count) |") == true, "FIDELITY.md's table row for \(suite): \(line ?? "missing"); the file has \(count)")
        }
        #expect(Set(bySuite.keys) == ["corelibs", "gnustep"], "\(bySuite)")
    }
}
