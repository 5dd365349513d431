import ExtensionManifest
import Foundation
import Testing

/// The findings found by trying rules on shares, on the real Info.plists of the corpus, and
/// the types those rules name.
@Suite("Corpus: rules tried on shares")
struct CorpusProbeTests {
    /// A corpus file by its number (`003`).
    static func corpusPath(_ number: String) throws -> String {
        let name = try #require(Corpus.files.first { $0.hasPrefix(number + "-") }, "no corpus file \(number)")
        return Corpus.directory.appendingPathComponent(name).path
    }

    /// The extensions of every corpus file that reads.
    static func corpusExtensions() -> [(file: String, ext: ExtensionBundle)] {
        Corpus.files.flatMap { file in
            let loaded = try? ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path)
            return (loaded?.extensions ?? []).map { (file, $0) }
        }
    }

    @Test("DuckDuckGo's share extension appears for three photos: its URL count holds at zero")
    func duckDuckGo() throws {
        let path = try Self.corpusPath("003")
        let findings = Linter().lint(try ManifestLoader().load(path))
        let finding = try #require(findings.first { $0.code == .activationZeroCount }, "\(findings.map(\.description))")
        #expect(finding.severity == .warning)
        #expect(finding.message == """
            the rule accepts photos:3 (3 × [public.jpeg, public.heic]) only through \
            SUBQUERY($extensionItem.attachments, $attachment, …).@count <= 2 (it counts public.url, public.plain-text), \
            which holds with a count of 0: no attachment matched a type the rule tests; \
            it also accepts photos:1, photos-mixed:3, 3 × [com.apple.quicktime-movie], 1 × [com.apple.quicktime-movie], and 6 more; \
            require at least one as well (@count >= 1) so that only shares with those types activate it
            """)
        #expect(finding.keyPath == "NSExtension.NSExtensionAttributes.NSExtensionActivationRule")
        #expect(finding.line == 28)
        // And the share it names is one the rule really accepts.
        let ext = try #require(try ManifestLoader().load(path).extensions.first)
        #expect(ext.activation(for: try PayloadPreset.parse("photos:3").payload).isEligible)
        #expect(!findings.contains { $0.code == .activationAcceptsEverything || $0.code == .activationAcceptsNothing })
    }

    /// The corpus files each finding found by trying shares fires on, every one read by hand
    /// (docs/LINT.md, "Rules tried on shares", says what was found in each).
    static let expectedFiles: [LintCode: [String]] = [
        .activationZeroCount: ["003", "029", "078"],
        .activationAcceptsNothing: [],
        .activationAcceptsEverything: ["029", "090"],
    ]

    @Test("the findings fire on exactly the corpus files checked by hand",
          arguments: [LintCode.activationZeroCount, .activationAcceptsNothing, .activationAcceptsEverything])
    func corpusFiles(_ code: LintCode) throws {
        #expect(Corpus.files.count >= 90, "corpus not found at \(Corpus.directory.path)")
        var firing: [String] = []
        for file in Corpus.files {
            guard let loaded = try? ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path) else { continue }
            if Linter().lint(loaded).contains(where: { $0.code == code }) { firing.append(String(file.prefix(3))) }
        }
        #expect(firing == Self.expectedFiles[code])
    }

    /// Types corpus rules name that no system declares, and why they stay unknown.
    static let deliberatelyUnknown: [String: String] = [
        "org.appextension.fill-browser-action": "the 1Password App Extension API's; a host that speaks it registers it",
        "org.appextension.fill-webview-action": "the 1Password App Extension API's",
        "org.appextension.save-login-action": "the 1Password App Extension API's",
        "org.appextension.change-password-action": "the 1Password App Extension API's",
        "org.appextension.find-login-action": "the 1Password App Extension API's",
        "com.8bit.bitwarden.extension-setup": "Bitwarden's own, sent by its app; its bundle does not declare it",
    ]

    @Test("every type a corpus rule names is known, or one of the deliberately unknown")
    func corpusTypesAreKnown() throws {
        let extensions = Self.corpusExtensions()
        try #require(extensions.count >= 90, "corpus not found at \(Corpus.directory.path)")
        var unknown: [String: Set<String>] = [:]
        var named: Set<String> = []
        for (file, ext) in extensions {
            guard case .predicate(let rule)? = ext.declaration?.activationRule else { continue }
            let registry = ext.typeRegistry()
            for id in rule.namedTypeIdentifiers {
                named.insert(id)
                let type = registry.type(withIdentifier: id)
                if !(type?.isDeclared ?? false) { unknown[id, default: []].insert(String(file.prefix(3))) }
            }
        }
        #expect(named.contains("com.apple.pkpass"), "Telegram and Wire name com.apple.pkpass")
        #expect(Set(unknown.keys) == Set(Self.deliberatelyUnknown.keys), "unknown types and where: \(unknown)")
    }
}
