import DeviceLayout
import ExtensionRegistry
import Foundation
import RegistryReader
import Testing

/// `InstalledApplicationRecords` reads two of the registry's tables without the registry
/// (for the transfer service). It must say what the registry says, through installs,
/// upgrades and uninstalls, so that a change of the schema cannot leave it behind.
@Suite struct InstalledApplicationRecordsTests {
    func expectSame(_ registry: ExtensionRegistry, _ comment: Comment) throws {
        let expected = try registry.installedApplications().map {
            InstalledApplicationRecord(identifier: $0.identifier, bundleURL: $0.bundleURL, appGroups: $0.appGroups)
        }
        #expect(try InstalledApplicationRecords.read(home: registry.home) == expected, comment)
    }

    @Test func saysWhatTheRegistrySays() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try expectSame(registry, "nothing installed")
            try registry.install(appAt: AppFixture(appGroups: ["group.com.example.shared", "group.com.example.notes"]).build(in: dir))
            try registry.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail",
                                                   extensions: [ExtensionFixture(appGroups: ["group.com.example.shared"])]).build(in: dir))
            try expectSame(registry, "two apps, one group shared through an extension")
            #expect(try InstalledApplicationRecords.read(home: registry.home).map(\.identifier) == ["com.example.mail", "com.example.notes"])
            try registry.uninstall(bundleIdentifier: "com.example.notes")
            try expectSame(registry, "after an uninstall")
        }
    }

    @Test func noRegistryIsNoApps() throws {
        let home = AppexHome(root: FileManager.default.temporaryDirectory.appendingPathComponent("no-registry-\(UUID().uuidString)"))
        #expect(try InstalledApplicationRecords.read(home: home).isEmpty)
    }

    @Test func aDamagedRegistryIsAnErrorNamingTheFile() async throws {
        try await withTemporaryDirectory { dir in
            let home = AppexHome(root: dir.appendingPathComponent("home"))
            try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
            try Data("not a database".utf8).write(to: home.registryDatabase)
            #expect {
                try InstalledApplicationRecords.read(home: home)
            } throws: { error in
                "\(error)".contains(home.registryDatabase.path)
            }
        }
    }
}
