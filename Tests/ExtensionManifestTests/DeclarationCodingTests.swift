import ExtensionManifest
import Foundation
import Testing

/// The registry keeps each installed extension's declaration as JSON (docs/REGISTRY.md,
/// "What a share reads"): every declaration of the corpus, and every rule form, comes back
/// equal, a predicate's syntax error included.
@Suite struct DeclarationCodingTests {
    static func roundTrip(_ declaration: ExtensionDeclaration?) throws -> ExtensionDeclaration? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONDecoder().decode(ExtensionDeclaration?.self, from: encoder.encode(declaration))
    }

    static let readable: [String] = Corpus.files.filter { file in
        (try? ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path)) != nil
    }

    @Test("every corpus declaration comes back equal", arguments: readable)
    func corpus(_ file: String) throws {
        let loaded = try ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path)
        let declaration = try #require(loaded.extensions.first?.declaration)
        #expect(try Self.roundTrip(declaration) == declaration)
    }

    static let dictionaryRules: [String: DictionaryActivationRule] = readable.reduce(into: [:]) { rules, file in
        let loaded = try? ManifestLoader().load(Corpus.directory.appendingPathComponent(file).path)
        if case .dictionary(let rule)? = loaded?.extensions.first?.declaration?.activationRule { rules[file] = rule }
    }

    @Test("every corpus dictionary rule comes back equal from its line (none without one but for ignored keys)",
          arguments: dictionaryRules.keys.sorted())
    func line(_ file: String) throws {
        let rule = try #require(Self.dictionaryRules[file])
        if let line = rule.line {
            #expect(DictionaryActivationRule(line: line) == rule, "\(line)")
        } else {
            #expect(!rule.ignored.isEmpty, "only a rule with ignored keys has no line")
        }
    }

    @Test("a line of every field, an empty one; what is not a line is refused")
    func lineForms() {
        let full = DictionaryActivationRule(maximumCounts: [.webPage: 1, .image: 3, .movie: 0, .webURL: 1, .file: 2], supportsText: true,
                                            attachmentsMinimum: 0, attachmentsMaximum: 9, version: 2, usesStrictMatching: true)
        #expect(full.line == "v=2;strict=1;min=0;max=9;text=1;web-page=1;image=3;movie=0;web-url=1;file=2")
        #expect(DictionaryActivationRule(line: full.line ?? "") == full)
        #expect(DictionaryActivationRule().line == "")
        #expect(DictionaryActivationRule(line: "") == DictionaryActivationRule())
        for bad in ["image=three", "video=1", "text", "text=1;unknown=2"] {
            #expect(DictionaryActivationRule(line: bad) == nil, "\(bad)")
        }
        #expect(DictionaryActivationRule(ignored: [.init(key: "K", reason: "r")]).line == nil)
    }

    static let rules: [(String, ActivationRule)] = [
        ("a predicate", .predicate(PredicateActivationRule(source: "SUBQUERY(extensionItems, $e, $e.attachments.@count > 0).@count == 1"))),
        ("a predicate that does not parse", .predicate(PredicateActivationRule(source: "SUBQUERY(extensionItems, $e"))),
        ("a dictionary", .dictionary(DictionaryActivationRule(maximumCounts: [.image: 3, .webURL: 1], supportsText: true, version: 2,
                                                              ignored: [.init(key: "NSExtensionActivationSupportsMovie", reason: "is a string")]))),
        ("an invalid value", .invalid("an array")),
        ("none", .missing),
    ]

    @Test("each rule form comes back equal", arguments: rules)
    func ruleForm(_ name: String, _ rule: ActivationRule) throws {
        let declaration = ExtensionDeclaration(pointIdentifier: ExtensionPoint.share, activationRule: rule)
        #expect(try Self.roundTrip(declaration) == declaration, "\(name)")
    }

    @Test("no declaration stays none")
    func none() throws {
        #expect(try Self.roundTrip(nil) == nil)
    }
}
