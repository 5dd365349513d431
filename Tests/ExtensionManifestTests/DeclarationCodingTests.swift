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
