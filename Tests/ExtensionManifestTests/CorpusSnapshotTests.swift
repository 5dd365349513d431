import ExtensionManifest
import Foundation
import Testing

/// Every real Info.plist of the corpus reads, lints and matches without a crash; the
/// findings and the decision for every preset are recorded, so any change in behaviour
/// shows up as a reviewed snapshot diff.
@Suite struct CorpusSnapshotTests {
    static let presets = PayloadPreset.catalog.map { $0.spelling.replacingOccurrences(of: ":N", with: ":3") }

    @Test func theCorpusIsThere() {
        #expect(Corpus.files.count >= 90, "corpus not found at \(Corpus.directory.path)")
    }

    @Test(arguments: Corpus.files)
    func lintAndMatch(_ file: String) throws {
        let path = Corpus.directory.appendingPathComponent(file).path
        var lines: [String] = []
        do {
            let loaded = try ManifestLoader().load(path)
            lines.append("# lint")
            for d in Linter().lint(loaded) {
                lines.append(d.description.replacingOccurrences(of: path, with: file))
            }
            lines.append("# match")
            for ext in loaded.extensions {
                let registry = ext.typeRegistry()
                for spelling in Self.presets {
                    let payload = try PayloadPreset.parse(spelling).payload
                    let decision = ext.activation(for: payload, registry: registry)
                    lines.append("\(decision.isEligible ? "✓" : "✗") \(spelling): \(decision.summary)")
                }
            }
        } catch {
            lines.append("# unreadable")
            lines.append(String(describing: error).replacingOccurrences(of: path, with: file))
        }
        expectSnapshot(lines.joined(separator: "\n") + "\n", named: "corpus/" + file.replacingOccurrences(of: ".plist", with: ""))
    }
}
