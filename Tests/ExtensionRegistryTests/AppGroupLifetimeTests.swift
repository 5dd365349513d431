import ExtensionRegistry
import Foundation
import Testing

@Suite struct AppGroupLifetimeTests {
    @Test func aGroupContainerGoesWithItsLastMember() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let shared = "group.com.example.shared"
            try registry.install(appAt: AppFixture(appGroups: [shared, "group.com.example.notes"]).build(in: dir))
            try registry.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail",
                                                   extensions: [ExtensionFixture(appGroups: [shared])]).build(in: dir))
            let container = registry.home.appGroupContainer(groupIdentifier: shared)
            let defaults = container.appendingPathComponent("Library/Preferences/shared.plist")
            try Data("kept".utf8).write(to: defaults)

            try registry.uninstall(bundleIdentifier: "com.example.notes")
            #expect(FileManager.default.fileExists(atPath: defaults.path), "the mail extension still belongs to the group")
            #expect(!FileManager.default.fileExists(atPath: registry.home.appGroupContainer(groupIdentifier: "group.com.example.notes").path))
            #expect(try registry.installedApplications().first?.appGroups == [shared])

            try registry.uninstall(bundleIdentifier: "com.example.mail")
            #expect(!FileManager.default.fileExists(atPath: container.path))
            #expect(fileTree(registry.home.root.appendingPathComponent("Containers")) == ["Data", "Shared", "Shared/AppGroup"])
        }
    }

    @Test func anUpgradeThatLeavesAGroupRemovesItsContainer() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            var fixture = AppFixture(appGroups: ["group.com.example.old", "group.com.example.kept"])
            try registry.install(appAt: fixture.build(in: dir))
            fixture.version = "2"
            fixture.appGroups = ["group.com.example.kept"]
            fixture.extensions = [ExtensionFixture(version: "2")]
            try registry.install(appAt: fixture.build(in: dir))
            #expect(fileTree(registry.home.root.appendingPathComponent("Containers/Shared/AppGroup")).filter { !$0.contains("/") }
                    == ["group.com.example.kept"])
        }
    }
}
