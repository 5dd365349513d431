import ExtensionManifest
import Foundation
import Testing

/// The lint codes as declared (`LintCode+Catalog.swift`), as listed (`LintCode.all`) and as
/// documented (docs/LINT.md) must be one list.
@Suite("Lint codes")
struct LintCodeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One `public static let name = LintCode("raw", …)` of the catalog's source.
    struct Declaration: Equatable, CustomStringConvertible {
        var name: String
        var rawValue: String
        var description: String { "\(name) = \(rawValue)" }
    }

    /// The constants the catalog's source declares, in order.
    static func declarations() throws -> [Declaration] {
        let source = try String(contentsOf: root.appendingPathComponent("Sources/ExtensionManifest/Lint/LintCode+Catalog.swift"),
                                encoding: .utf8)
        let pattern = try Regex(#"public static let (\w+) = LintCode\("([^"]+)""#)
        return source.matches(of: pattern).compactMap { match in
            guard let name = match.output[1].substring, let raw = match.output[2].substring else { return nil }
            return Declaration(name: String(name), rawValue: String(raw))
        }
    }

    /// One row of docs/LINT.md's table of codes.
    struct Row: Equatable, CustomStringConvertible {
        var code: String
        var severity: String
        var summary: String
        var description: String { "| `\(code)` | \(severity) | \(summary) |" }
    }

    /// The rows of docs/LINT.md's table, in order.
    static func documentedRows() throws -> [Row] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/LINT.md"), encoding: .utf8)
        let pattern = try Regex(#"^\| `([^`]+)` \| (\w+) \| (.+) \|$"#).anchorsMatchLineEndings()
        return text.matches(of: pattern).compactMap { match in
            guard let code = match.output[1].substring, let severity = match.output[2].substring,
                  let summary = match.output[3].substring else { return nil }
            return Row(code: String(code), severity: String(severity), summary: String(summary))
        }
    }

    @Test("every declared constant is in LintCode.all, in order, under a name that spells its code")
    func declaredConstantsAreListed() throws {
        let declared = try Self.declarations()
        try #require(!declared.isEmpty, "no constants found in LintCode+Catalog.swift; has the declaration's shape changed?")
        let listed = LintCode.all.map(\.rawValue)
        let unlisted = declared.filter { !listed.contains($0.rawValue) }
        #expect(unlisted.isEmpty, "declared but missing from LintCode.all: \(unlisted)")
        #expect(declared.map(\.rawValue) == listed, "LintCode.all lists the constants in another order than they are declared")
        for d in declared {
            let words = d.rawValue.split(whereSeparator: { $0 == "." || $0 == "-" })
            let camelCase = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            #expect(d.name == camelCase.joined(), "\(d) should be named after its code")
        }
    }

    @Test("no two constants share a raw value")
    func rawValuesAreUnique() throws {
        let declared = try Self.declarations().map(\.rawValue)
        let repeated = Dictionary(grouping: declared, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "declared more than once: \(repeated)")
        #expect(Set(LintCode.all.map(\.rawValue)).count == LintCode.all.count, "LintCode.all lists a code twice")
    }

    @Test("each code has a summary and decodes back to itself", arguments: LintCode.all)
    func codeIsComplete(_ code: LintCode) throws {
        #expect(!code.summary.isEmpty)
        #expect(code.rawValue.wholeMatch(of: /[a-z]+\.[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(code) is not area.name")
        let decoded = LintCode(rawValue: code.rawValue)
        #expect(decoded.summary == code.summary && decoded.defaultSeverity == code.defaultSeverity)
        let json = try JSONEncoder().encode([code])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(code.rawValue)\"]")
        #expect(try JSONDecoder().decode([LintCode].self, from: json) == [code])
    }

    @Test("docs/LINT.md lists every code with its severity and summary, in order")
    func theDocumentListsTheCodes() throws {
        let documented = try Self.documentedRows()
        let expected = LintCode.all.map { Row(code: $0.rawValue, severity: $0.defaultSeverity.rawValue, summary: $0.summary) }
        let undocumented = expected.filter { !documented.contains($0) }
        let stale = documented.filter { !expected.contains($0) }
        #expect(undocumented.isEmpty, "docs/LINT.md lacks these rows (or has them otherwise): \(undocumented)")
        #expect(stale.isEmpty, "docs/LINT.md has rows that no constant matches: \(stale)")
        #expect(documented.map(\.code) == expected.map(\.code), "docs/LINT.md lists the codes in another order than LintCode.all")
    }

    @Test("a name Appex does not know decodes as a warning without a summary")
    func unknownCodesDecode() throws {
        let code = try JSONDecoder().decode(LintCode.self, from: Data(#""plugin.something-new""#.utf8))
        #expect(code.rawValue == "plugin.something-new")
        #expect(code.defaultSeverity == .warning && code.summary.isEmpty)
        #expect(!LintCode.all.contains(code))
    }
}
