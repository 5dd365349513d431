import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB
import Testing
@testable import ExtensionRegistry

/// What a share reads (docs/REGISTRY.md, "What a share reads"): the kept declarations
/// stand for the files while those are as sealed, and otherwise the app is read from its
/// copy; either way `installedExtensions()` offers exactly what the inventory's launch check
/// calls runnable, in a process that read the catalog before the change and in a new one.
@Suite struct RegistryCatalogTests {
    struct Change: CustomTestStringConvertible, Sendable {
        var name: String
        /// Changes the installed Notes app (its `.app` folder given).
        var apply: @Sendable (ExtensionRegistry, URL) throws -> Void
        /// The extensions still offered, in the user's order.
        var offered: [String]
        var testDescription: String { name }
    }

    static let share = "com.example.notes.Share"
    static let upper = "com.example.notes.Upper"
    static let notes = AppFixture(appGroups: ["group.com.example.notes"], extensions: [
        ExtensionFixture(name: "Share", displayName: "Share to Notes", appGroups: ["group.com.example.notes"]),
        ExtensionFixture(name: "Upper", point: "com.apple.ui-services", displayName: "Uppercase"),
    ])

    static func rewrite(_ file: URL, _ change: (String) -> String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(change(text).utf8).write(to: file)
    }

    static func setAttributes(_ attributes: [FileAttributeKey: Any], of file: URL) throws {
        try FileManager.default.setAttributes(attributes, ofItemAtPath: file.path)
    }

    static let changes: [Change] = [
        Change(name: "nothing", apply: { _, _ in }, offered: [share, upper]),
        Change(name: "an extension's rule rewritten in its Info.plist", apply: { _, app in
            try rewrite(app.appendingPathComponent("PlugIns/Share.appex/Info.plist")) {
                $0.replacingOccurrences(of: "NSExtensionActivationSupportsText", with: "NSExtensionActivationSupportsImageWithMaxCount")
            }
        }, offered: [upper]),
        Change(name: "an extension's Info.plist touched, its content the same", apply: { _, app in
            try setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], of: app.appendingPathComponent("PlugIns/Share.appex/Info.plist"))
        }, offered: [share, upper]),
        Change(name: "an executable replaced", apply: { _, app in
            try Data("#!/bin/sh\nexit 7\n".utf8).write(to: app.appendingPathComponent("PlugIns/Upper.appex/Upper"))
        }, offered: [share]),
        Change(name: "an executable no longer executable", apply: { _, app in
            try setAttributes([.posixPermissions: 0o644], of: app.appendingPathComponent("PlugIns/Upper.appex/Upper"))
        }, offered: [share]),
        Change(name: "an .appex folder deleted", apply: { _, app in
            try FileManager.default.removeItem(at: app.appendingPathComponent("PlugIns/Share.appex"))
        }, offered: [upper]),
        Change(name: "the app's Info.plist corrupted", apply: { _, app in
            try Data("garbage<".utf8).write(to: app.appendingPathComponent("Info.plist"))
        }, offered: []),
        Change(name: "the app's Info.plist given a URL scheme, still readable", apply: { _, app in
            try rewrite(app.appendingPathComponent("Info.plist")) {
                $0.replacingOccurrences(of: "</dict>\n</plist>", with: """
                    <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><array><string>notes</string></array></dict></array>
                    </dict>
                    </plist>
                    """)
            }
        }, offered: [share, upper]),
        Change(name: "the app's folder deleted", apply: { registry, _ in
            try FileManager.default.removeItem(at: registry.home.applicationDirectory(bundleIdentifier: "com.example.notes"))
        }, offered: []),
        Change(name: "installed before the registry kept declarations", apply: { registry, _ in
            try registry.database.write { db in try db.execute(sql: "UPDATE extension SET declaration = NULL, infoPlistPath = NULL") }
        }, offered: [share, upper]),
        Change(name: "installed before seals", apply: { registry, _ in
            try registry.database.write { db in try db.execute(sql: "DELETE FROM sealedFile") }
        }, offered: [share, upper]),
    ]

    @Test("the kept records and the installed copies agree on what is offered", arguments: changes)
    func agreesWithTheCopies(_ change: Change) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let app = try registry.install(appAt: Self.notes.build(in: dir)).application.bundleURL
            #expect(try registry.identifiers() == [Self.share, Self.upper])
            // A second look: this process is long-lived, and watches the files from now on
            // (FileChangeWatch); its next look must see the change through the watch.
            #expect(try registry.identifiers() == [Self.share, Self.upper])
            try change.apply(registry, app)
            let fresh = try ExtensionRegistry(home: registry.home)
            for reader in [registry, fresh] {
                let offered = try reader.installedExtensions()
                #expect(offered.map(\.identifier) == change.offered)
                let inventory = try reader.inventory(checking: .launchFiles).launchable
                #expect(offered.map(\.identifier) == inventory.map(\.identifier))
                #expect(offered.map(\.declaration) == inventory.map(\.declaration))
                #expect(offered.map(\.launchSeal) == inventory.map(\.launchSeal))
                #expect(offered.map(\.appGroupContainers) == inventory.map(\.appGroupContainers))
                #expect(offered.map(\.executableURL) == inventory.map(\.executableURL))
                let unavailable = try reader.inventory(checking: .launchFiles).unavailable
                #expect(try reader.shareCatalog().unavailable.map(\.identifier) == unavailable.map(\.identifier))
                #expect(try reader.shareCatalog().unavailable.map(\.problems) == unavailable.map(\.problems))
            }
        }
    }

    @Test("a process that read the catalog sees every change another process makes")
    func anotherProcessChanges() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: Self.notes.build(in: dir))
            #expect(try registry.identifiers() == [Self.share, Self.upper])
            let other = try ExtensionRegistry(home: registry.home)
            _ = try other.setEnabled(false, for: Self.share)
            #expect(try registry.installedExtensions().map(\.isEnabled) == [false, true])
            try other.setOrder([Self.upper])
            #expect(try registry.identifiers() == [Self.upper, Self.share])
            try other.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail",
                                                extensions: [ExtensionFixture(name: "Send", displayName: "Send")]).build(in: dir))
            #expect(try registry.identifiers() == [Self.upper, "com.example.mail.Send", Self.share])
            _ = try other.uninstall(bundleIdentifier: "com.example.notes")
            #expect(try registry.identifiers() == ["com.example.mail.Send"])
        }
    }

    @Test("a kept record reads its whole bundle only when asked, as the loader reads it")
    func bundleReadWhenAsked() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let app = try registry.install(appAt: Self.notes.build(in: dir)).application.bundleURL
            let share = try #require(try registry.installedExtensions().first)
            let loaded = try ManifestLoader().load(app.path).extensions.first { $0.info.identifier == Self.share }
            #expect(share.bundle == loaded)
            #expect(share.bundle.containingApp?.info.identifier == "com.example.notes")
            #expect(share.displayName == "Share to Notes")
            #expect(share.activation(for: ActivationPayload(items: [.init(attachments: [.init(["public.plain-text"])])])).isEligible)
        }
    }
}

/// The rule kept beside the declaration comes back as it was, in every form.
@Suite struct KeptRuleTests {
    static let rules: [(String, ActivationRule)] = [
        ("a predicate", .predicate(PredicateActivationRule(source: "SUBQUERY(extensionItems, $e, $e.attachments.@count > 0).@count == 1"))),
        ("a predicate that does not parse", .predicate(PredicateActivationRule(source: "SUBQUERY(extensionItems, $e"))),
        ("a dictionary", .dictionary(DictionaryActivationRule(maximumCounts: [.image: 3, .webURL: 1], supportsText: true, version: 2))),
        ("a dictionary with an ignored key", .dictionary(DictionaryActivationRule(maximumCounts: [.image: 1],
                                                         ignored: [.init(key: "NSExtensionActivationSupportsMovie", reason: "is a string")]))),
        ("an invalid value", .invalid("an array")),
        ("none", .missing),
    ]

    @Test("each form comes back equal", arguments: rules)
    func roundTrip(_ name: String, _ rule: ActivationRule) throws {
        let kept = try KeptRule(rule)
        #expect(KeptRule(form: kept.form, text: kept.text).rule == rule, "\(name): \(kept)")
    }

    @Test("a form or text this registry does not write is no rule")
    func unknown() {
        #expect(KeptRule(form: "future", text: "x").rule == nil)
        #expect(KeptRule(form: "predicate", text: nil).rule == nil)
        #expect(KeptRule(form: "dictionary", text: "not a rule").rule == nil)
    }
}
