import HostTestSupport
import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import Testing

/// The user's enable switches applied to a resolution without resolving again.
@Suite("Enable switches")
struct EnableSwitchTests {
    /// One sequence of switches and the resolution expected after it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// (identifier without the common prefix, enabled), applied in order.
        var switches: [(String, Bool)]
        /// The eligible identifiers (without the prefix), in order.
        var eligible: [String]
        /// The excluded ones as "identifier: cause", in order.
        var excluded: [String]
        var testDescription: String { name }
    }

    static let prefix = "com.example.fixture."
    /// The resolution before any switch: text is shared; Hosted is left out by the host.
    static let initialEligible = ["Text", "Zed"]
    static let initialExcluded = ["Hosted: excluded-by-host", "Images: activation-rule", "Off: disabled-by-user", "OffImages: disabled-by-user"]

    @Test(arguments: [
        Case(name: "nothing switched", switches: [], eligible: initialEligible, excluded: initialExcluded),
        Case(name: "disabling an eligible one moves it to the others, in the user's order",
             switches: [("Text", false)], eligible: ["Zed"],
             excluded: ["Text: disabled-by-user", "Hosted: excluded-by-host", "Images: activation-rule", "Off: disabled-by-user", "OffImages: disabled-by-user"]),
        Case(name: "enabling a disabled one its rule accepts inserts it by name among the unordered",
             switches: [("Off", true)], eligible: ["Text", "Off", "Zed"],
             excluded: ["Hosted: excluded-by-host", "Images: activation-rule", "OffImages: disabled-by-user"]),
        Case(name: "enabling a disabled one its rule refuses leaves it out for the rule",
             switches: [("OffImages", true)], eligible: initialEligible,
             excluded: ["Hosted: excluded-by-host", "Images: activation-rule", "Off: disabled-by-user", "OffImages: activation-rule"]),
        Case(name: "disabling one its rule refuses makes it the user's",
             switches: [("Images", false)], eligible: initialEligible,
             excluded: ["Hosted: excluded-by-host", "Images: disabled-by-user", "Off: disabled-by-user", "OffImages: disabled-by-user"]),
        Case(name: "the host's exclusion stays, either way",
             switches: [("Hosted", false), ("Hosted", true)], eligible: initialEligible, excluded: initialExcluded),
        Case(name: "enabling an eligible one changes nothing", switches: [("Text", true)], eligible: initialEligible, excluded: initialExcluded),
        Case(name: "an unknown identifier changes nothing", switches: [("Nobody", false)], eligible: initialEligible, excluded: initialExcluded),
        Case(name: "off and on again: back in the user's order (position before names)",
             switches: [("Text", false), ("Off", true), ("Text", true)], eligible: ["Text", "Off", "Zed"],
             excluded: ["Hosted: excluded-by-host", "Images: activation-rule", "OffImages: disabled-by-user"]),
        Case(name: "a refused one disabled again after enabling is the user's again",
             switches: [("OffImages", true), ("OffImages", false)], eligible: initialEligible, excluded: initialExcluded),
    ])
    func switches(_ c: Case) async throws {
        let text: [String: Any] = ["NSExtensionActivationSupportsText": true]
        let images: [String: Any] = ["NSExtensionActivationSupportsImageWithMaxCount": 3]
        // (name, rule, enabled, position), in the catalog's (the user's) order.
        let specs: [(String, [String: Any], Bool, Int?)] = [
            ("Text", text, true, 0), ("Images", images, true, 1), ("Hosted", text, true, 2),
            ("Off", text, false, nil), ("OffImages", images, false, nil), ("Zed", text, true, nil),
        ]
        var installations: [FixtureInstallation] = []
        defer { installations.forEach { $0.remove() } }
        var installed: [InstalledExtension] = []
        for (name, rule, enabled, position) in specs {
            let fixture = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: Self.prefix + name, displayName: name, rule: rule)
            installations.append(fixture)
            var record = fixture.installed
            record.isEnabled = enabled
            record.position = position
            installed.append(record)
        }
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        var resolution = try await ExtensionHost(catalog: FixedCatalog(installed)).resolve([item], point: ExtensionPoint.share)
            .excluding([Self.prefix + "Hosted"])

        var expectedEnabled = Dictionary(uniqueKeysWithValues: specs.map { ($0.0, $0.2) })
        for (name, enabled) in c.switches {
            resolution = resolution.settingEnabled(enabled, for: Self.prefix + name)
            if expectedEnabled[name] != nil { expectedEnabled[name] = enabled }
        }

        let short = { (identifier: String) in String(identifier.dropFirst(Self.prefix.count)) }
        #expect(resolution.eligible.map { short($0.identifier) } == c.eligible)
        #expect(resolution.excluded.map { "\(short($0.installed.identifier)): \($0.cause.rawValue)" } == c.excluded)
        // The records carry the switches; decisions are the eligible ones'; every exclusion keeps its rule's decision.
        let records = resolution.eligible + resolution.excluded.map(\.installed)
        #expect(Dictionary(uniqueKeysWithValues: records.map { (short($0.identifier), $0.isEnabled) }) == expectedEnabled)
        #expect(Set(resolution.decisions.keys) == Set(resolution.eligible.map(\.identifier)))
        #expect(resolution.decisions.values.allSatisfy { $0.isEligible })
        for exclusion in resolution.excluded {
            let decision = try #require(exclusion.decision, "\(exclusion.installed.identifier) has no decision")
            switch exclusion.cause {
            case .disabledByUser: #expect(exclusion.reason == "disabled by the user (appex enable \(exclusion.installed.identifier))")
            case .activationRule:
                #expect(!decision.isEligible)
                #expect(exclusion.reason == decision.summary)
            case .excludedByHost: #expect(exclusion.reason.hasPrefix("excluded by the host"))
            }
        }
    }

    @Test("resolve decides disabled extensions too and says why each one is out")
    func resolveKeepsDisabledDecisions() async throws {
        let on = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: Self.prefix + "On",
                                              rule: ["NSExtensionActivationSupportsText": true])
        let off = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: Self.prefix + "Off",
                                               rule: ["NSExtensionActivationSupportsText": true])
        defer { [on, off].forEach { $0.remove() } }
        var disabled = off.installed
        disabled.isEnabled = false
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        let resolution = try await ExtensionHost(catalog: FixedCatalog([on.installed, disabled])).resolve([item], point: ExtensionPoint.share)
        let exclusion = try #require(resolution.excluded.first)
        #expect(exclusion.cause == .disabledByUser)
        #expect(exclusion.decision?.isEligible == true)
        #expect(resolution.decisions[Self.prefix + "Off"] == nil)
    }
}
