import DeviceLayout
import Foundation
import GRDB
import Testing
@testable import ExtensionRegistry

/// `checkIntegrity()` on a home with one installed app (Notes: a share and an action
/// extension, one app group), after one kind of damage each.
@Suite struct RegistryIntegrityTests {
    struct Damage: CustomTestStringConvertible, Sendable {
        var name: String
        /// Damages the home of the installed Notes app.
        var apply: @Sendable (AppexHome, URL) throws -> Void
        var expected: [(RegistryIntegrityProblem.Code, String)]
        var testDescription: String { name }
    }

    static let group = "group.com.example.notes"

    static let damages: [Damage] = [
        Damage(name: "nothing", apply: { _, _ in }, expected: []),
        Damage(name: "the app's folder deleted", apply: { home, _ in
            try FileManager.default.removeItem(at: home.applicationDirectory(bundleIdentifier: "com.example.notes"))
        }, expected: [(.missingBundle, "com.example.notes")]),
        Damage(name: "a corrupt app Info.plist", apply: { _, app in
            try Data("garbage<".utf8).write(to: app.appendingPathComponent("Info.plist"))
        }, expected: [(.unreadableBundle, "com.example.notes")]),
        // A damaged extension still agrees with its record: the inventory reports it
        // (appex list, appex doctor), and the integrity check says nothing of it.
        Damage(name: "a corrupt extension Info.plist", apply: { _, app in
            try Data("garbage<".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/Info.plist"))
        }, expected: []),
        Damage(name: "an .appex folder deleted", apply: { _, app in
            try FileManager.default.removeItem(at: app.appendingPathComponent("PlugIns/Upper.appex"))
        }, expected: [(.missingExtension, "com.example.notes.Upper")]),
        Damage(name: "an extension added after install", apply: { _, app in
            let upper = app.appendingPathComponent("PlugIns/Upper.appex")
            let copy = app.appendingPathComponent("PlugIns/Extra.appex")
            try FileManager.default.copyItem(at: upper, to: copy)
            let info = copy.appendingPathComponent("Info.plist")
            let text = try String(contentsOf: info, encoding: .utf8).replacingOccurrences(of: "com.example.notes.Upper", with: "com.example.notes.Extra")
            try Data(text.utf8).write(to: info)
        }, expected: [(.unrecordedExtension, "com.example.notes.Extra")]),
        Damage(name: "a stray folder and a scratch copy in Applications", apply: { home, _ in
            for name in ["com.example.ghost", ".staging-1234"] {
                try FileManager.default.createDirectory(at: home.applicationsDirectory.appendingPathComponent(name), withIntermediateDirectories: true)
            }
        }, expected: [(.leftoverScratch, ".staging-1234"), (.strayFolder, "com.example.ghost")]),
        Damage(name: "containers deleted", apply: { home, _ in
            try FileManager.default.removeItem(at: home.dataContainer(bundleIdentifier: "com.example.notes.Share"))
            try FileManager.default.removeItem(at: home.appGroupContainer(groupIdentifier: group))
        }, expected: [(.missingContainer, "com.example.notes.Share"), (.missingContainer, group)]),
    ]

    @Test("each kind of damage is found, naming what it concerns", arguments: damages)
    func damage(_ damage: Damage) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let notes = AppFixture(appGroups: [Self.group],
                                   extensions: [ExtensionFixture(name: "Share"),
                                                ExtensionFixture(name: "Upper", point: "com.apple.ui-services")])
            let installed = try registry.install(appAt: notes.build(in: dir)).application
            try damage.apply(registry.home, installed.bundleURL)
            let problems = try registry.checkIntegrity()
            #expect(problems.map(\.code) == damage.expected.map(\.0), "\(problems)")
            #expect(problems.map(\.subject) == damage.expected.map(\.1), "\(problems)")
            for problem in problems { #expect(problem.message.contains(problem.subject), "\(problem)") }
        }
    }

    @Test("a damaged database is reported, not trusted")
    func damagedDatabase() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: AppFixture().build(in: dir))
            // An extension row whose app is gone: only possible with the foreign keys off.
            try registry.database.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: """
                    INSERT INTO extension (identifier, applicationIdentifier, point, bundlePath, displayName)
                    VALUES ('com.example.orphan', 'com.example.none', 'com.apple.share-services', 'x', 'Orphan')
                    """)
                try db.execute(sql: "PRAGMA foreign_keys = ON")
            }
            let problems = try registry.checkIntegrity()
            #expect(problems.map(\.code) == [.database], "\(problems)")
            #expect(problems.first?.message.contains("extension") == true)
        }
    }
}
