import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import Foundation
import Testing

@Suite struct RegistryInstallTests {
    @Test func installCopiesRecordsAndCreatesContainers() async throws {
        try await withTemporaryDirectory { dir in
            let app = try AppFixture(appGroups: ["group.com.example.notes"],
                                     extensions: [ExtensionFixture(name: "Share", displayName: "Save to Notes", appGroups: ["group.com.example.notes"]),
                                                  ExtensionFixture(name: "Action", point: ExtensionPoint.action)]).build(in: dir)
            let registry = try makeRegistry(in: dir)
            let result = try registry.install(appAt: app)
            let home = registry.home
            #expect(!result.isUpgrade)
            #expect(result.application.bundleURL == home.applicationDirectory(bundleIdentifier: "com.example.notes").appendingPathComponent("Notes.app"))
            #expect(result.application.extensionIdentifiers == ["com.example.notes.Action", "com.example.notes.Share"])
            #expect(result.application.appGroups == ["group.com.example.notes"])

            let installed = try registry.installedExtensions()
            #expect(installed.map(\.identifier) == ["com.example.notes.Action", "com.example.notes.Share"], "unordered ones by display name")
            let share = try #require(installed.last)
            #expect(share.bundleURL == result.application.bundleURL.appendingPathComponent("PlugIns/Share.appex"))
            #expect(share.executableURL == share.bundleURL.appendingPathComponent("Share"))
            #expect(FileManager.default.isExecutableFile(atPath: share.executableURL.path))
            #expect(share.dataContainerURL == home.dataContainer(bundleIdentifier: "com.example.notes.Share"))
            #expect(share.appGroupContainers == ["group.com.example.notes": home.appGroupContainer(groupIdentifier: "group.com.example.notes")])
            #expect(share.isEnabled && share.position == nil)
            #expect(share.bundle.containingApp?.info.identifier == "com.example.notes")
            #expect(share.point == ExtensionPoint.share)
            #expect(installed.first?.appGroupContainers == [:])

            for id in ["com.example.notes", "com.example.notes.Share", "com.example.notes.Action"] {
                #expect(fileTree(home.dataContainer(bundleIdentifier: id)) == ["Documents", "Library", "tmp"])
            }
            #expect(fileTree(home.appGroupContainer(groupIdentifier: "group.com.example.notes"))
                    == ["Library", "Library/Caches", "Library/Preferences"])
            #expect(try registry.installedApplications().map(\.identifier) == ["com.example.notes"])
            #expect(!fileTree(home.applicationsDirectory).contains { $0.hasPrefix(".") }, "no scratch folder left")
        }
    }

    @Test func anotherRegistryOnTheSameHomeSeesTheInstall() async throws {
        try await withTemporaryDirectory { dir in
            let app = try AppFixture().build(in: dir)
            try makeRegistry(in: dir).install(appAt: app)
            #expect(try makeRegistry(in: dir).identifiers() == ["com.example.notes.Share"])
        }
    }

    @Test func upgradeKeepsContainersAndChoices() async throws {
        try await withTemporaryDirectory { dir in
            var fixture = AppFixture(extensions: [ExtensionFixture(name: "Share"), ExtensionFixture(name: "Old"),
                                                  ExtensionFixture(name: "Action", point: ExtensionPoint.action)])
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: fixture.build(in: dir))
            try registry.setEnabled(false, for: "com.example.notes.Share")
            try registry.setOrder(["com.example.notes.Action"])
            let note = registry.home.dataContainer(bundleIdentifier: "com.example.notes.Share").appendingPathComponent("Documents/note.txt")
            try Data("kept".utf8).write(to: note)

            fixture.version = "2"
            fixture.extensions = [ExtensionFixture(name: "Share", version: "2"), ExtensionFixture(name: "Action", point: ExtensionPoint.action, version: "2"),
                                  ExtensionFixture(name: "New", version: "2")]
            let result = try registry.install(appAt: fixture.build(in: dir))
            #expect(result.isUpgrade)
            #expect(result.removedExtensions == ["com.example.notes.Old"])
            let installed = try registry.installedExtensions()
            #expect(installed.map(\.identifier) == ["com.example.notes.Action", "com.example.notes.New", "com.example.notes.Share"])
            #expect(installed.map(\.isEnabled) == [true, true, false])
            #expect(installed.first?.position == 0)
            #expect(installed.allSatisfy { $0.bundle.info.version == "2" }, "the new copy is the one installed")
            #expect(try String(contentsOf: note, encoding: .utf8) == "kept")
            #expect(!FileManager.default.fileExists(atPath: registry.home.dataContainer(bundleIdentifier: "com.example.notes.Old").path))
            #expect(FileManager.default.fileExists(atPath: registry.home.dataContainer(bundleIdentifier: "com.example.notes.New").path))
            #expect(fileTree(registry.home.applicationsDirectory).filter { !$0.contains("/") } == ["com.example.notes"])
        }
    }

    @Test func uninstallRemovesTheAppItsExtensionsAndContainers() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: AppFixture(name: "Notes").build(in: dir))
            try registry.install(appAt: AppFixture(identifier: "com.example.mail", name: "Mail").build(in: dir))
            try registry.uninstall(bundleIdentifier: "com.example.notes")
            #expect(try registry.identifiers() == ["com.example.mail.Share"])
            #expect(try registry.installedApplications().map(\.identifier) == ["com.example.mail"])
            let tree = registry.bundleAndContainerTree()
            #expect(!tree.contains { $0.contains("com.example.notes") }, "\(tree)")
            #expect(tree.contains("Containers/Data/com.example.mail.Share/Documents"))
        }
    }

    struct UninstallFailure: Sendable, CustomTestStringConvertible {
        var identifier: String
        var message: String
        var testDescription: String { identifier }
    }

    @Test(arguments: [
        UninstallFailure(identifier: "com.example.unknown", message: "no installed app has the identifier com.example.unknown"),
        UninstallFailure(identifier: "com.example.notes.Share", message: "com.example.notes.Share is an extension of com.example.notes"),
    ])
    func uninstallOfAnUnknownAppNamesIt(_ c: UninstallFailure) async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            try registry.install(appAt: AppFixture().build(in: dir))
            let before = registry.bundleAndContainerTree()
            let error = try #require(throws: RegistryError.self) { try registry.uninstall(bundleIdentifier: c.identifier) }
            #expect(error.code == .notInstalled && !error.isRefusal)
            #expect(error.message.contains(c.message), "\(error.message)")
            #expect(registry.bundleAndContainerTree() == before)
        }
    }

    @Test func anAppWithoutExtensionsInstalls() async throws {
        try await withTemporaryDirectory { dir in
            let registry = try makeRegistry(in: dir)
            let result = try registry.install(appAt: AppFixture(extensions: []).build(in: dir))
            #expect(result.application.extensionIdentifiers.isEmpty)
            #expect(try registry.identifiers().isEmpty)
        }
    }
}
