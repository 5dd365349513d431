import ExtensionManifest
import Foundation
import Synchronization
import Testing
import TypeIdentifiers
@testable import ExtensionHost

/// Extensions that keep one activation rule share its preparation and its last decision
/// (``SharedActivationRule``); records made by a catalog make their URLs when asked.
@Suite("Shared activation rules")
struct SharedActivationRuleTests {
    static let url = ActivationPayload(items: [.init(attachments: [.init(["public.url"], url: "https://www.swift.org")])])
    static let image = ActivationPayload(items: [.init(attachments: [.init(["public.jpeg"])])])
    static let text = ActivationPayload(items: [.init(contentText: "hello", attachments: [.init(["public.plain-text"])])])

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var rule: ActivationRule
    }

    static let cases: [Case] = [
        Case(testDescription: "a dictionary rule (web URLs)",
             rule: .dictionary(DictionaryActivationRule(maximumCounts: [.webURL: 1]))),
        Case(testDescription: "a predicate rule (a SUBQUERY for public.url)",
             rule: .predicate(PredicateActivationRule(source: """
                SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers \
                UTI-CONFORMS-TO "public.url").@count == 1).@count == 1
                """))),
        Case(testDescription: "a predicate rule that does not parse", rule: .predicate(PredicateActivationRule(source: "SUBQUERY(("))),
        Case(testDescription: "an invalid rule", rule: .invalid("a number")),
        Case(testDescription: "no rule", rule: .missing),
    ]

    /// Payloads in an order that repeats one, goes back to an earlier one and moves on.
    static let sequence = [url, url, image, url, text, text, image]

    @Test("each decision is the one the rule makes alone, repeated payloads and all", arguments: cases)
    func decidesAsAlone(example: Case) {
        let shared = SharedActivationRule(example.rule)
        for payload in Self.sequence {
            let alone = PreparedActivationRule(example.rule).decide(payload)
            let decision = shared.decide(payload)
            #expect(decision.isEligible == alone.isEligible)
            #expect(decision.summary == alone.summary)
        }
    }

    @Test("two records that keep one rule get the same decision for one payload, another for another")
    func oneDecision() throws {
        let rule = try #require(Self.cases.first?.rule)
        let shared = SharedActivationRule(rule)
        let first = Self.record("com.example.one", shared: shared).activation(for: Self.url)
        let second = Self.record("com.example.two", shared: shared).activation(for: Self.url)
        #expect(first == second)
        #expect(first.isEligible)
        #expect(!Self.record("com.example.three", shared: shared).activation(for: Self.image).isEligible)
    }

    @Test("a record that declares types of its own decides with them, not through the shared rule")
    func declaringTypes() throws {
        // A link type the bundle declares as a URL: only the bundle's registry knows it.
        let link = ActivationPayload(items: [.init(attachments: [.init(["com.example.link"])])])
        let rule = try #require(Self.cases.dropFirst().first?.rule)
        let shared = SharedActivationRule(rule)
        var info = BundleInfo()
        info.typeDeclarations = [TypeDeclaration("com.example.link", conformsTo: ["public.url"], origin: .exported(bundleIdentifier: "com.example.link"))]
        let bundle = ExtensionBundle(path: "/apps/Link.appex", infoPlistPath: "/apps/Link.appex/Info.plist", info: info)
        let declaring = BundleReading(shared: shared, declaresTypes: true, declaration: { nil }) { bundle }
        let plain = BundleReading(shared: shared, declaresTypes: false, declaration: { nil }) { bundle }
        #expect(declaring.decide(link).isEligible)
        #expect(!plain.decide(link).isEligible)
        #expect(!shared.decide(link).isEligible)
    }

    @Test("a kept record makes its URLs when first asked, once; a changed copy leaves the original as it was")
    func lazyLocations() {
        let made = Mutex(0)
        let record = InstalledExtension(
            identifier: "com.example.one", point: "com.apple.share-services", displayName: "One",
            bundle: BundleReading(rule: .missing, declaresTypes: false, declaration: { nil }) { fatalError("not read") },
            locations: {
                made.withLock { $0 += 1 }
                return .init(bundleURL: URL(fileURLWithPath: "/apps/One.app/PlugIns/One.appex"),
                             executableURL: URL(fileURLWithPath: "/apps/One.app/PlugIns/One.appex/One"),
                             dataContainerURL: URL(fileURLWithPath: "/data/com.example.one"),
                             appGroupContainers: ["group.example": URL(fileURLWithPath: "/groups/group.example")])
            },
            isEnabled: true, position: nil, launchSeal: nil)
        _ = record.activation(for: Self.url)
        _ = Set([record])
        #expect(made.withLock { $0 } == 0)
        #expect(record.executableURL.path == "/apps/One.app/PlugIns/One.appex/One")
        #expect(record.appGroupContainers["group.example"]?.path == "/groups/group.example")
        #expect(made.withLock { $0 } == 1)
        var copy = record
        copy.dataContainerURL = URL(fileURLWithPath: "/elsewhere")
        #expect(copy.dataContainerURL.path == "/elsewhere")
        #expect(record.dataContainerURL.path == "/data/com.example.one")
        #expect(copy.bundleURL == record.bundleURL)
        #expect(made.withLock { $0 } == 1)
    }

    static func record(_ identifier: String, shared: SharedActivationRule) -> InstalledExtension {
        let url = URL(fileURLWithPath: "/apps/\(identifier).appex")
        return InstalledExtension(
            identifier: identifier, point: "com.apple.share-services", displayName: identifier,
            bundle: BundleReading(shared: shared, declaresTypes: false, declaration: { nil }) { fatalError("not read") },
            locations: { .init(bundleURL: url, executableURL: url, dataContainerURL: url, appGroupContainers: [:]) },
            isEnabled: true, position: nil, launchSeal: nil)
    }
}
