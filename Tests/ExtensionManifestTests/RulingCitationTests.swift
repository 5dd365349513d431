import ExtensionManifest
import Foundation
import Testing

/// Messages and documents cite the rulings as `docs/ACTIVATION.md, ruling N`: every cited
/// ruling must be written there, and nothing a user sees may cite a file the repository
/// does not have (the team's `decisions.md`).
@Suite("Ruling citations")
struct RulingCitationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The numbers of the rulings docs/ACTIVATION.md writes under "The rulings", in order.
    static func writtenRulings() throws -> [Int] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ACTIVATION.md"), encoding: .utf8)
        let section = try #require(text.range(of: "\n## The rulings\n"), "docs/ACTIVATION.md has no section 'The rulings'")
        let pattern = try Regex(#"^(\d+)\. "#).anchorsMatchLineEndings()
        return text[section.upperBound...].matches(of: pattern).compactMap { match in
            match.output[1].substring.flatMap { Int($0) }
        }
    }

    /// The text files of Sources/, docs/, README.md and the tests' snapshots.
    static func citingFiles() -> [URL] {
        let folders = ["Sources", "docs", "Tests"].map { root.appendingPathComponent($0) }
        let files = folders.flatMap { folder in
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL]) ?? []
        }
        return [root.appendingPathComponent("README.md")] + files.filter { url in
            url.pathExtension == "swift" || url.pathExtension == "md"
                || (url.pathExtension == "txt" && url.path.contains("/Snapshots/"))
        }
    }

    /// The ruling numbers a text cites, with line breaks and `///` between the words allowed.
    static func citedRulings(in text: String) throws -> [Int] {
        let flat = text.replacing(try Regex(#"\s*\n\s*(///?\s*)?"#), with: " ")
        var cited: [Int] = []
        for match in flat.matches(of: try Regex(#"docs/ACTIVATION\.md, rulings? (\d+)(?:(?:–| and )(\d+))?"#)) {
            cited += [match.output[1].substring, match.output[2].substring].compactMap { $0.flatMap { Int($0) } }
        }
        for match in flat.matches(of: try Regex(#"ruling (\d+) of docs/ACTIVATION\.md"#)) {
            cited += [match.output[1].substring].compactMap { $0.flatMap { Int($0) } }
        }
        return cited
    }

    @Test("docs/ACTIVATION.md numbers its rulings 1, 2, 3, … without a gap")
    func rulingsAreNumbered() throws {
        let written = try Self.writtenRulings()
        try #require(!written.isEmpty)
        #expect(written == Array(1...written.count))
    }

    @Test("every ruling cited in Sources, docs and snapshots is written in docs/ACTIVATION.md")
    func citationsNameWrittenRulings() throws {
        let written = Set(try Self.writtenRulings())
        var citations = 0
        var unwritten: [String] = []
        for url in Self.citingFiles() {
            let cited = try Self.citedRulings(in: String(contentsOf: url, encoding: .utf8))
            citations += cited.count
            unwritten += cited.filter { !written.contains($0) }.map { "\(url.lastPathComponent): ruling \($0)" }
        }
        try #require(citations >= 10, "found only \(citations) citations; has the citation form changed?")
        #expect(unwritten.isEmpty, "cited but not written in docs/ACTIVATION.md: \(unwritten)")
    }

    @Test("no string literal in Sources and no snapshot cites decisions.md, a file outside the repository")
    func noMessageCitesDecisions() throws {
        let literal = try Regex(#""[^"\n]*decisions\.md[^"\n]*""#)
        var offenders: [String] = []
        let messages = Self.citingFiles().filter { url in
            url.pathExtension == "txt" || (url.pathExtension == "swift" && url.path.hasPrefix(Self.root.path + "/Sources/"))
        }
        try #require(!messages.isEmpty)
        for url in messages {
            let text = try String(contentsOf: url, encoding: .utf8)
            let cites = url.pathExtension == "txt" ? text.contains("decisions.md") : text.contains(literal)
            if cites { offenders.append(url.path.replacingOccurrences(of: Self.root.path + "/", with: "")) }
        }
        #expect(offenders.isEmpty, "cite decisions.md: \(offenders)")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var rule: ActivationRule
        var payload: ActivationPayload
        var citation: String
        var testDescription: String { name }
    }

    static let photo = ActivationPayload(items: [.init(attachments: [.init(["public.jpeg"])])])

    static let cases: [Case] = [
        Case(name: "version 1 is strict", rule: .dictionary(DictionaryActivationRule(maximumCounts: [.image: 1])),
             payload: photo, citation: "docs/ACTIVATION.md, ruling 10"),
        Case(name: "version 2 ignores unsupported attachments",
             rule: .dictionary(DictionaryActivationRule(maximumCounts: [.image: 1], version: 2)),
             payload: photo, citation: "docs/ACTIVATION.md, ruling 11"),
        Case(name: "the minimum defaults to 1", rule: .dictionary(DictionaryActivationRule(maximumCounts: [.image: 1])),
             payload: ActivationPayload(items: []), citation: "docs/ACTIVATION.md, ruling 12"),
        Case(name: "a predicate sees only the registered types",
             rule: .predicate(PredicateActivationRule(source: "extensionItems.@count == 1")),
             payload: photo, citation: "docs/ACTIVATION.md, ruling 15"),
    ]

    @Test("explanations cite the ruling that decided them", arguments: cases)
    func explanationsCite(_ c: Case) throws {
        let decision = c.rule.evaluate(c.payload)
        let texts = [decision.summary] + decision.notes + decision.trace.map(\.text)
        #expect(texts.contains { $0.contains(c.citation) }, "\(texts)")
        #expect(!texts.contains { $0.contains("decisions.md") }, "\(texts)")
    }
}
