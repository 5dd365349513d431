import ExtensionHost
import ExtensionRegistry
import Foundation
import Testing

@Suite struct RegistryConcurrencyTests {
    /// Each task opens its own registry (its own SQLite connections and lock file
    /// descriptor), as two processes would.
    @Test func concurrentInstallsBothLand() async throws {
        try await withTemporaryDirectory { dir in
            let names = ["Notes", "Mail", "Photos", "Music"]
            var apps: [URL] = []
            for name in names {
                apps.append(try AppFixture(identifier: "com.example.\(name.lowercased())", name: name,
                                           appGroups: ["group.com.example.shared"]).build(in: dir))
            }
            let home = AppexHome(root: dir.appendingPathComponent("home"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for app in apps {
                    group.addTask { try ExtensionRegistry(home: home).install(appAt: app) }
                }
                try await group.waitForAll()
            }
            let registry = try ExtensionRegistry(home: home)
            #expect(try registry.installedApplications().map(\.identifier) == ["com.example.mail", "com.example.music", "com.example.notes", "com.example.photos"])
            #expect(try registry.installedExtensions().count == 4)
            #expect(fileTree(home.applicationsDirectory).filter { !$0.contains("/") } == ["com.example.mail", "com.example.music", "com.example.notes", "com.example.photos"])
        }
    }
}
