import DeviceLayout
import ExtensionIPC
import ExtensionRegistry
import Foundation
import HostTestSupport
import Testing

/// docs/REGISTRY.md's promise, with real processes: `appex install` started several times
/// at once, for different apps and for the same app, leaves one consistent registry.
@Suite("Concurrent appex install processes")
struct ConcurrentInstallTests {
    struct Listed: Decodable { var identifier: String; var application: String }

    @Test("appex install processes at once, for four apps and for one app four times: every one succeeds, and list, the integrity check and the disk agree")
    func processesAtOnce() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        let names = ["Notes", "Mail", "Photos", "Music"]
        var apps: [String: String] = [:]
        for name in names {
            let source = try f.source(app: name, extensions: [("Share", "\(name) Share", "com.apple.share-services"),
                                                              ("Upper", "\(name) Upper", "com.apple.ui-services")])
            let app = f.root.appendingPathComponent("out/\(name).app").path
            let bundled = await appex("bundle", source.path, "--products", f.products.path, "--output", app)
            try #require(bundled.status == 0, "\(bundled.error)")
            apps[name] = app
        }
        let executable = try #require(FixtureInstallation.builtProduct("appex"), "the appex executable is not built next to the tests").path
        let installs = names + ["Notes", "Notes", "Notes"]
        let home = f.home
        let endings = try await withThrowingTaskGroup(of: (String, ProcessEnding, String).self) { group in
            for name in installs {
                let app = try #require(apps[name])
                group.addTask {
                    let process = try await ChildProcess.launch(.init(
                        executable: executable, arguments: ["install", app, "--home", home],
                        environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], sandbox: nil, captures: [2]))
                    let ending = await process.exit()
                    return (name, ending, await process.output(waitingUpTo: .seconds(30)))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(endings.count == installs.count)
        for (name, ending, errors) in endings {
            #expect(ending == .exited(code: 0), "appex install \(name): \(ending) \(errors)")
        }

        let identifiers = names.map { "com.example." + $0.lowercased() }.sorted()
        let listed = await appex("list", "--json", "--home", home)
        #expect(listed.status == 0, "\(listed.error)")
        let rows = try JSONDecoder().decode([Listed].self, from: Data(listed.output.utf8))
        #expect(rows.map(\.identifier).sorted() == identifiers.flatMap { [$0 + ".Share", $0 + ".Upper"] }.sorted())
        #expect(Set(rows.map(\.application)) == Set(identifiers))

        let registry = try ExtensionRegistry(home: AppexHome(root: URL(fileURLWithPath: home)))
        #expect(try registry.checkIntegrity() == [])
        #expect(try registry.installedApplications().map(\.identifier) == identifiers)
        let folders = try FileManager.default.contentsOfDirectory(atPath: registry.home.applicationsDirectory.path)
        #expect(folders.sorted() == identifiers, "Applications/ holds exactly the installed apps, no scratch copies")
        for identifier in identifiers {
            let bundle = registry.home.applicationDirectory(bundleIdentifier: identifier).path
            let installed = try FileManager.default.contentsOfDirectory(atPath: bundle)
            #expect(installed.count == 1 && installed.first?.hasSuffix(".app") == true, "\(bundle): \(installed)")
        }
    }
}
