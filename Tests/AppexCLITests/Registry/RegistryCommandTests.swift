import AppexCLI
import Foundation
import Testing

@Suite struct RegistryCommandTests {
    @Test(arguments: ["bundle", "install", "uninstall", "list", "enable", "disable", "order", "verify", "doctor", "open"])
    func helpSnapshots(_ command: String) async {
        let result = await appex(command, "--help")
        expectSnapshot(result.output, named: "registry/help-" + command)
    }

    /// Builds and installs Notes (share + action) and Mail (share) into the fixture's home.
    func installTwoApps(_ f: RegistryFixture) async throws {
        let notes = try f.source(app: "Notes", extensions: [("Share", "Save to Notes", "com.apple.share-services"),
                                                            ("Upper", "Make Uppercase", "com.apple.ui-services")])
        let mail = try f.source(app: "Mail", extensions: [("Share", "Send by Mail", "com.apple.share-services")])
        for (src, name) in [(notes, "Notes"), (mail, "Mail")] {
            let app = f.root.appendingPathComponent("out/\(name).app").path
            let built = await appex("bundle", src.path, "--products", f.products.path, "--output", app)
            #expect(built.status == 0, "\(built.error)")
            let installed = await appex("install", app, "--home", f.home)
            #expect(installed.status == 0, "\(installed.error)")
            #expect(installed.output.hasPrefix("installed com.example.\(name.lowercased()) with"))
        }
    }

    @Test func listAfterChoices() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        try await installTwoApps(f)
        #expect(await appex("disable", "com.example.mail.Share", "--home", f.home).status == 0)
        #expect(await appex("order", "com.example.notes.Upper", "--home", f.home).output == "0  com.example.notes.Upper\n")
        expectSnapshot(await appex("list", "--home", f.home).output, named: "registry/list")
        expectSnapshot(await appex("list", "--json", "--home", f.home).output, named: "registry/list-json")
        let shares = await appex("list", "--point", "share", "--json", "--home", f.home).output
        #expect(!shares.contains("com.example.notes.Upper") && shares.contains("com.example.mail.Share"))
        #expect(await appex("enable", "com.example.mail.Share", "--home", f.home).output == "enabled com.example.mail.Share\n")
    }

    @Test func installJSONAndUpgrade() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        try await installTwoApps(f)
        let again = await appex("install", f.root.appendingPathComponent("out/Mail.app").path, "--json", "--home", f.home)
        #expect(again.status == 0)
        #expect(again.output.contains("\"upgraded\" : true"))
        #expect(again.output.contains("\"path\" : \"Applications/com.example.mail/Mail.app\""))
        let uninstalled = await appex("uninstall", "com.example.mail", "--home", f.home)
        #expect(uninstalled.status == 0 && uninstalled.output == "uninstalled com.example.mail\nremoved com.example.mail.Share\n")
        let listed = await appex("list", "--home", f.home)
        #expect(!listed.output.contains("com.example.mail"))
    }

    @Test("install says plainly which extensions are of a point Appex does not host: a lint warning naming the point, a line of its own, and notHosted in --json")
    func installNotHosted() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        let source = try f.source(app: "Keys", extensions: [("Share", "Share Keys", "com.apple.share-services"),
                                                           ("Picker", "Keys Picker", "com.apple.fileprovider-ui")])
        let app = f.root.appendingPathComponent("out/Keys.app").path
        let built = await appex("bundle", source.path, "--products", f.products.path, "--output", app)
        try #require(built.status == 0, "\(built.error)")
        let installed = await appex("install", app, "--home", f.home)
        #expect(installed.status == 0, "\(installed.error)")
        #expect(installed.output.contains(
            "not hosted: com.example.keys.Picker, a Document Picker extension (com.apple.fileprovider-ui), is installed but never runs; docs/EXTENSION-POINTS.md\n"),
            "\(installed.output)")
        #expect(!installed.output.contains("com.example.keys.Share,"))
        #expect(installed.error.contains("warning: com.apple.fileprovider-ui (Document Picker) is an extension point Appex does not host"),
                "\(installed.error)")
        let again = await appex("install", app, "--json", "--home", f.home)
        #expect(again.output.contains("""
          "notHosted" : [
            {
              "identifier" : "com.example.keys.Picker",
              "point" : "com.apple.fileprovider-ui",
              "pointName" : "Document Picker"
            }
          ],
        """), "\(again.output)")
    }

    /// `--json` of every registry command that changes something: what it did, as JSON
    /// (snapshots, with the fixture's folder written ROOT).
    @Test func changesAsJSON() async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        let notes = try f.source(app: "Notes", extensions: [("Share", "Save to Notes", "com.apple.share-services"),
                                                            ("Upper", "Make Uppercase", "com.apple.ui-services")])
        let app = f.root.appendingPathComponent("out/Notes.app").path
        let stable = { (text: String) in text.replacingOccurrences(of: f.root.path, with: "ROOT") }
        let built = await appex("bundle", notes.path, "--products", f.products.path, "--output", app, "--json")
        #expect(built.status == 0, "\(built.error)")
        expectSnapshot(stable(built.output), named: "registry/bundle-json")
        #expect(await appex("install", app, "--home", f.home).status == 0)

        let steps: [(String, [String])] = [
            ("disable-json", ["disable", "com.example.notes.Share"]),
            ("disable-again-json", ["disable", "com.example.notes.Share"]),
            ("enable-json", ["enable", "com.example.notes.Share"]),
            ("order-json", ["order", "com.example.notes.Upper"]),
            ("order-cleared-json", ["order"]),
            ("uninstall-json", ["uninstall", "com.example.notes"]),
        ]
        for (name, arguments) in steps {
            let result = await appex(arguments + ["--json", "--home", f.home])
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(result.error.isEmpty, "\(name): \(result.error)")
            expectSnapshot(stable(result.output), named: "registry/" + name)
        }
        #expect(await appex("disable", "com.example.none", "--json", "--home", f.home).status == 2)
    }

    struct ExitCase: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        var error: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        ExitCase(name: "install of a missing path", arguments: ["install", "/nonexistent/X.app"], status: 2, error: "error: /nonexistent/X.app: no such file"),
        ExitCase(name: "install of a version mismatch is refused", arguments: ["install", "MISMATCH"], status: 1, error: "[bundle.version-mismatch]"),
        ExitCase(name: "a mismatch allowed", arguments: ["install", "MISMATCH", "--allow-mismatch"], status: 0, error: "warning:"),
        ExitCase(name: "uninstall of an unknown app", arguments: ["uninstall", "com.example.none"], status: 2, error: "com.example.none"),
        ExitCase(name: "enable of an unknown extension", arguments: ["enable", "com.example.none"], status: 2, error: "no installed extension has the identifier com.example.none"),
        ExitCase(name: "order with an unknown extension", arguments: ["order", "com.example.none"], status: 2, error: "com.example.none"),
        ExitCase(name: "list with an unknown point", arguments: ["list", "--point", "storage"], status: 2, error: "storage"),
        ExitCase(name: "bundle without products", arguments: ["bundle", "SOURCE", "--products", "/nonexistent", "--output", "OUT"], status: 2,
                 error: "error: /nonexistent: no such products folder"),
    ])
    func exitStatuses(_ c: ExitCase) async throws {
        let f = try RegistryFixture()
        defer { f.remove() }
        let mismatch = try f.source(app: "Odd", extensions: [("Share", "Odd", "com.apple.share-services")], extensionVersion: "2")
        let app = f.root.appendingPathComponent("out/Odd.app").path
        #expect(await appex("bundle", mismatch.path, "--products", f.products.path, "--output", app).status == 0)
        let arguments = c.arguments.map { ["MISMATCH": app, "SOURCE": mismatch.path, "OUT": app + "2.app"][$0] ?? $0 }
            + (c.arguments.first == "bundle" ? [] : ["--home", f.home])
        let result = await appex(arguments)
        #expect(result.status == c.status, "\(result.output)\(result.error)")
        #expect(result.error.contains(c.error), "\(result.error)")
    }
}
