import Foundation
import GRDB
import Testing
@testable import ExtensionRegistry

/// The inventory's states beyond what the CLI tests show: an app changed outside its
/// extensions, and an app installed before seals existed.
@Suite struct RegistryInventoryTests {
    static let notes = AppFixture(extensions: [ExtensionFixture(name: "Share"), ExtensionFixture(name: "Upper", point: "com.apple.ui-services")])

    @Test("the app's own executable changed: the app is modified, its extensions intact and runnable")
    func appModified() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let app = try registry.install(appAt: Self.notes.build(in: dir)).application.bundleURL
            #expect(try registry.inventory(checking: .allFiles).applications.map(\.condition) == [.intact])
            try Data("#!/bin/sh\nexit 3\n".utf8).write(to: app.appendingPathComponent("Notes"))
            let inventory = try registry.inventory(checking: .allFiles)
            let application = try #require(inventory.applications.first)
            #expect(application.condition == .modified)
            #expect(application.problems == ["modified: Notes"])
            #expect(inventory.extensions.map(\.condition) == [.intact, .intact])
            #expect(inventory.launchable.count == 2)
            #expect(try registry.installedExtensions().count == 2)
        }
    }

    @Test("an app installed before seals: unsealed, runnable, nothing checked at launch")
    func unsealed() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: Self.notes.build(in: dir))
            try registry.database.write { db in try db.execute(sql: "DELETE FROM sealedFile") }
            let inventory = try registry.inventory(checking: .allFiles)
            #expect(inventory.applications.map(\.condition) == [.unsealed])
            #expect(inventory.extensions.map(\.condition) == [.unsealed, .unsealed])
            #expect(inventory.launchable.allSatisfy { $0.launchSeal == nil })
            #expect(throws: RegistryError.self) { try registry.verify("com.example.notes") }
        }
    }

    @Test("the launch check only (a share's inventory) does not look at files that are not launch files")
    func launchFilesOnly() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let app = try registry.install(appAt: Self.notes.build(in: dir)).application.bundleURL
            try Data("x".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/added.txt"))
            #expect(try registry.inventory(checking: .launchFiles).extensions.map(\.condition) == [.intact, .intact])
            let full = try registry.inventory(checking: .allFiles).extensions
            #expect(full.first { $0.identifier == "com.example.notes.Share" }?.condition == .modified)
            #expect(full.allSatisfy { $0.isLaunchable })
        }
    }
}
