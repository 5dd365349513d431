import AppExtensions
import ExtensionHost
import ExtensionRegistry
import Foundation
import HostTestSupport
import Testing

/// The sealing recipe (docs/BUNDLES.md) on the installed demo app (Notes.app, built from Examples/Notes with
/// the real example executables): damage it after install in the ways a user or another
/// program could, then check that list, share, doctor and verify all say so, that only the
/// broken extensions are left out, and that installing again repairs it.
@Suite("Sealed bundles", .serialized, NotesBundle())
struct SealedBundleTests {
    /// A damage done to the installed copy, and what must show for the extension it hits.
    struct Damage: Sendable {
        var name: String
        var extensionIdentifier: String
        /// Relative to the installed Notes.app.
        var apply: @Sendable (URL) throws -> Void
        var state: String
        var runs: Bool
        /// Part of the reason list, text and JSON, must show.
        var problem: String
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var damages: [Damage]
        /// An intact sibling that must still run, with the arguments that share to it.
        var sibling: [String]
        var siblingAnswer: String?
        var testDescription: String { name }
    }

    static let scenarios = [
        Scenario(name: "a corrupt Info.plist, a truncated executable, an added file", damages: [
            Damage(name: "corrupt Info.plist", extensionIdentifier: "com.example.notes.SaveToNotes", apply: { app in
                try Data("garbage<".utf8).write(to: app.appendingPathComponent("PlugIns/SaveToNotes.appex/Info.plist"))
            }, state: "damaged", runs: false, problem: "its Info.plist cannot be read"),
            Damage(name: "truncated executable", extensionIdentifier: "com.example.notes.PostPhotos", apply: { app in
                try FileHandle(forWritingTo: app.appendingPathComponent("PlugIns/PostPhotos.appex/post-photos")).truncate(atOffset: 4096)
            }, state: "modified", runs: false, problem: "PlugIns/PostPhotos.appex/post-photos differs from its seal"),
            Damage(name: "added file", extensionIdentifier: "com.example.notes.PostToNotes", apply: { app in
                try Data("hello".utf8).write(to: app.appendingPathComponent("PlugIns/PostToNotes.appex/notes.txt"))
            }, state: "modified", runs: true, problem: "added: PlugIns/PostToNotes.appex/notes.txt"),
        ], sibling: ["--point", "action", "--text", "quiet", "--to", "com.example.notes.Uppercase"], siblingAnswer: "QUIET"),
        Scenario(name: "an executable replaced by another program, a deleted .appex folder", damages: [
            Damage(name: "replaced executable", extensionIdentifier: "com.example.notes.Uppercase", apply: { app in
                let executable = app.appendingPathComponent("PlugIns/Uppercase.appex/uppercase-action")
                let other = app.appendingPathComponent("PlugIns/Uppercase.appex/.replacement")
                try FileManager.default.copyItem(at: app.appendingPathComponent("notes-app"), to: other)
                try #require(rename(other.path, executable.path) == 0)
            }, state: "modified", runs: false, problem: "PlugIns/Uppercase.appex/uppercase-action differs from its seal"),
            Damage(name: "deleted .appex folder", extensionIdentifier: "com.example.notes.PostPhotos", apply: { app in
                try FileManager.default.removeItem(at: app.appendingPathComponent("PlugIns/PostPhotos.appex"))
            }, state: "damaged", runs: false, problem: "PostPhotos.appex is gone"),
        ], sibling: ["--url", "https://www.swift.org", "--to", "com.example.notes.SaveToNotes"], siblingAnswer: nil),
    ]

    struct Row: Decodable {
        var identifier: String
        var state: String
        var runs: Bool
        var problems: [String]
    }

    struct Doctor: Decodable {
        struct Installed: Decodable { var identifier: String; var state: String; var runs: Bool }
        var extensions: [Installed]
        var healthy: Bool
    }

    struct Verified: Decodable {
        var sealed: Bool
        var modified: [String]
        var added: [String]
        var missing: [String]
    }

    var sandbox: [String] { preferredSandboxMode.commandLineArguments }

    @Test("each damage is shown by list, share, doctor and verify; only the broken extensions are left out; installing again repairs it",
          arguments: scenarios)
    func damaged(_ scenario: Scenario) async throws {
        let bundle = try #require(NotesBundle.current, "the suite bundles Notes.app")
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let installed = await appex("install", bundle.path, "--home", home.path)
        try #require(installed.status == 0, "\(installed.error)")
        let app = home.appendingPathComponent("Applications/com.example.notes/Notes.app")
        #expect(await appex("doctor", "--home", home.path).status == 0)
        for damage in scenario.damages { try damage.apply(app) }

        // appex list: every damaged extension with its state and why, text and JSON.
        let listed = await appex("list", "--json", "--home", home.path)
        #expect(listed.status == 0, "\(listed.error)")
        let rows = Dictionary(try JSONDecoder().decode([Row].self, from: Data(listed.output.utf8)).map { ($0.identifier, $0) },
                              uniquingKeysWith: { a, _ in a })
        #expect(rows.count == 5, "every extension is listed, broken or not: \(rows.keys.sorted())")
        let text = await appex("list", "--home", home.path).output
        for damage in scenario.damages {
            let row = try #require(rows[damage.extensionIdentifier], "\(damage.name): not listed")
            #expect(row.state == damage.state, "\(damage.name)")
            #expect(row.runs == damage.runs, "\(damage.name)")
            #expect(row.problems.contains { $0.contains(damage.problem) }, "\(damage.name): \(row.problems)")
            #expect(text.contains("\(damage.extensionIdentifier): \(damage.state): "), "\(damage.name): \(text)")
        }
        let damagedIdentifiers = Set(scenario.damages.map(\.extensionIdentifier))
        for row in rows.values where !damagedIdentifiers.contains(row.identifier) {
            #expect(row.state == "intact" && row.runs, "\(row.identifier) is a sibling: \(row)")
        }

        // appex share: what cannot run is named on stderr, whichever point is shared; the
        // run of one that cannot run is refused; an intact sibling runs.
        let stopped = scenario.damages.filter { !$0.runs }
        let shared = await appex(["share", "--text", "hello", "--json", "--home", home.path])
        let actions = await appex(["share", "--point", "action", "--text", "hello", "--json", "--home", home.path])
        for damage in stopped {
            let warning = "warning: \(damage.extensionIdentifier) is left out: \(damage.state): "
            #expect((shared.error + actions.error).contains(warning), "\(damage.name): \(shared.error)\(actions.error)")
            let point = damage.extensionIdentifier.hasSuffix("Uppercase") ? "action" : "share"
            let refused = await appex(["share", "--point", point, "--text", "hello", "--to", damage.extensionIdentifier,
                                       "--home", home.path] + sandbox)
            #expect(refused.status == 2, "\(damage.name): \(refused.output)")
            #expect(refused.error.contains(warning), "\(damage.name): \(refused.error)")
        }
        let sibling = await appex(["share", "--json", "--home", home.path] + scenario.sibling + sandbox)
        #expect(sibling.status == 0, "\(sibling.error)")
        #expect(sibling.output.contains("\"outcome\" : \"completed\""), "\(sibling.output)")
        if let answer = scenario.siblingAnswer { #expect(sibling.output.contains(answer)) }

        // appex doctor: lists each, exit 1.
        let doctor = await appex("doctor", "--json", "--home", home.path)
        #expect(doctor.status == 1)
        let diagnosis = try JSONDecoder().decode(Doctor.self, from: Data(doctor.output.utf8))
        #expect(!diagnosis.healthy)
        #expect(Set(diagnosis.extensions.map(\.identifier)) == damagedIdentifiers)

        // appex verify: full hashes name every file, exit 1.
        let verify = await appex("verify", "com.example.notes", "--json", "--home", home.path)
        #expect(verify.status == 1, "\(verify.error)")
        let verified = try JSONDecoder().decode(Verified.self, from: Data(verify.output.utf8))
        #expect(!verified.sealed)
        let named = verified.modified + verified.added + verified.missing
        for damage in scenario.damages {
            let folder = damage.extensionIdentifier.replacingOccurrences(of: "com.example.notes.", with: "PlugIns/") + ".appex/"
            #expect(named.contains { $0.hasPrefix(folder) }, "\(damage.name): \(named)")
        }

        // Installing again repairs it.
        #expect(await appex("install", bundle.path, "--home", home.path).status == 0)
        #expect(await appex("doctor", "--home", home.path).status == 0)
        #expect(await appex("verify", "com.example.notes", "--home", home.path).output == "sealed: com.example.notes\n")
    }

    @Test("a bundle changed after appex bundle: match skips the broken extension and says what changed; install refuses it; verify names it")
    func changedBeforeInstall() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        let source = try f.source(app: "Notes", extensions: [("Share", "Save to Notes", "com.apple.share-services"),
                                                             ("Upper", "Make Uppercase", "com.apple.ui-services")])
        let app = f.root.appendingPathComponent("out/Notes.app")
        #expect(await appex("bundle", source.path, "--products", f.products.path, "--output", app.path).status == 0)
        #expect(await appex("verify", app.path).output == "sealed: \(app.path)\n")
        try Data("garbage<".utf8).write(to: app.appendingPathComponent("PlugIns/Share.appex/Info.plist"))

        let matched = await appex("match", app.path, "--text", "hi")
        #expect(matched.status == 0, "the intact sibling is still decided: \(matched.error)")
        #expect(matched.output.contains("com.example.notes.Upper"))
        #expect(matched.error.contains("warning: Share.appex is skipped: its Info.plist cannot be read"), "\(matched.error)")
        #expect(matched.error.contains("warning: \(app.path) was changed after it was bundled (modified: PlugIns/Share.appex/Info.plist)"),
                "\(matched.error)")

        let verified = await appex("verify", app.path, "--home", f.home)
        #expect(verified.status == 1)
        #expect(verified.output.contains("  modified: PlugIns/Share.appex/Info.plist"))
        #expect(!FileManager.default.fileExists(atPath: f.home), "checking a bundle creates no home")
        let installed = await appex("install", app.path, "--home", f.home)
        #expect(installed.status == 1)
        #expect(installed.error.contains("was changed after it was bundled (modified: PlugIns/Share.appex/Info.plist)"), "\(installed.error)")
        #expect(try ExtensionRegistry(home: AppexHome(root: URL(fileURLWithPath: f.home))).installedApplications().isEmpty)
    }

    @Test("appex open refuses an app whose executable changed after install, naming the file")
    func openChecksTheSeal() async throws {
        let bundle = try #require(NotesBundle.current, "the suite bundles Notes.app")
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(await appex("install", bundle.path, "--home", home.path).status == 0)
        let executable = home.appendingPathComponent("Applications/com.example.notes/Notes.app/notes-app")
        let handle = try FileHandle(forWritingTo: executable)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("x".utf8))
        try handle.close()
        let opened = await appex("open", "com.example.notes", "--home", home.path)
        #expect(opened.status == 2)
        #expect(opened.error.contains("bundle-modified: com.example.notes will not start: notes-app differs from its seal"), "\(opened.error)")
        #expect(await appex("open", "com.example.none", "--home", home.path).error.contains("no installed app has the identifier com.example.none"))
    }

    /// A launch file changed after the catalog was read, relative to the installed app.
    struct LaunchDamage: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var testDescription: String { name }
    }

    @Test("the host checks the seal itself at launch: a launch file changed after the catalog was read is refused, naming it",
          arguments: [LaunchDamage(name: "the extension's executable", file: "PlugIns/Uppercase.appex/uppercase-action"),
                      LaunchDamage(name: "a library of the app's frameworks", file: "Frameworks/NotesKit.framework/libNotesKit.so")])
    func launchCheck(_ damage: LaunchDamage) async throws {
        let bundle = try #require(NotesBundle.current, "the suite bundles Notes.app")
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(await appex("install", bundle.path, "--home", home.path).status == 0)
        let registry = try ExtensionRegistry(home: AppexHome(root: home))
        let uppercase = try #require(try registry.installedExtensions().first { $0.identifier == "com.example.notes.Uppercase" })
        #expect(uppercase.launchSeal?.files.map(\.path).sorted() == [
            "Frameworks/NotesKit.framework/Info.plist", "Frameworks/NotesKit.framework/libNotesKit.so",
            "PlugIns/Uppercase.appex/Info.plist", "PlugIns/Uppercase.appex/uppercase-action",
        ])
        let file = home.appendingPathComponent("Applications/com.example.notes/Notes.app/" + damage.file)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)

        let host = ExtensionHost(catalog: registry, options: preferredSandboxMode.options())
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
        let report = await host.run(uppercase, items: [item])
        guard case .failed(let error) = report.outcome else {
            Issue.record("expected a refusal, got \(report.outcome)")
            return
        }
        #expect(error.code == .bundleModified)
        #expect(error.message.contains("\(damage.file) differs from its seal"), "\(error.message)")
        #expect(report.ending == nil, "nothing was started")
    }

    @Test("a framework changed after install: no extension of the app is offered or runs, each names the library; the app does not open")
    func frameworkChanged() async throws {
        let bundle = try #require(NotesBundle.current, "the suite bundles Notes.app")
        let home = DemoAndShareTests.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(await appex("install", bundle.path, "--home", home.path).status == 0)
        // Warm the registry's kept catalog first, so that a share must notice the change itself.
        #expect(await appex("share", "--url", "https://www.swift.org", "--json", "--home", home.path).status == 0)
        let library = "Frameworks/NotesKit.framework/libNotesKit.so"
        let file = home.appendingPathComponent("Applications/com.example.notes/Notes.app/" + library)
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: file)

        let listed = await appex("list", "--json", "--home", home.path)
        let rows = try JSONDecoder().decode([Row].self, from: Data(listed.output.utf8))
        #expect(rows.count == 5)
        for row in rows {
            #expect(row.state == "modified" && !row.runs, "\(row)")
            #expect(row.problems.contains { $0.contains("\(library) differs from its seal: it will not run") }, "\(row)")
        }
        let refused = await appex(["share", "--url", "https://www.swift.org", "--to", "com.example.notes.SaveToNotes",
                                   "--home", home.path] + sandbox)
        #expect(refused.status == 2, "\(refused.output)")
        #expect(refused.error.contains("warning: com.example.notes.SaveToNotes is left out: modified: \(library) differs from its seal"),
                "\(refused.error)")
        let opened = await appex("open", "com.example.notes", "--home", home.path)
        #expect(opened.status == 2)
        #expect(opened.error.contains("bundle-modified: com.example.notes will not start: \(library) differs from its seal"), "\(opened.error)")
    }
}
