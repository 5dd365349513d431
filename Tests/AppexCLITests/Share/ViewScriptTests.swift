import Foundation
import Testing

/// `appex share --view-script`: a scripted person using an extension's own view
/// controller, end to end through the registry, the sandbox and the wire.
@Suite("appex share --view-script")
struct ViewScriptTests {
    /// Installs the fixture extension as a share extension whose principal class is its own
    /// view controller (FixtureViewController: a note, a Public switch, Send and an alert).
    static func install(in fixture: RegistryFixture) async throws {
        let source = try fixture.source(app: "Viewy", extensions: [])
        let binary = URL(fileURLWithPath: DemoAndShareTests.products).appendingPathComponent("appex-fixture-extension")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "appex-fixture-extension is not built next to the tests")
        let product = fixture.products.appendingPathComponent("ViewyNote")
        if link(binary.path, product.path) != 0 { try FileManager.default.copyItem(at: binary, to: product) }
        let extra = """
            <key>CFBundleDisplayName</key><string>Note</string>
            <key>AppexFixtureBehavior</key><string>view-controller</string>
            <key>AppexFixtureLoadTimeout</key><integer>120</integer>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
            <key>NSExtensionPrincipalClass</key><string>FixtureViewController</string><key>NSExtensionAttributes</key><dict>
            <key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict>
            """
        try fixture.write(fixture.plist(id: "com.example.viewy.Note", executable: "ViewyNote", version: "1", extra: extra),
                          source.appendingPathComponent("PlugIns/Note.appex/Info.plist"))
        let app = fixture.root.appendingPathComponent("out/Viewy.app").path
        #expect(await appex("bundle", source.path, "--products", fixture.products.path, "--output", app).status == 0)
        #expect(await appex("install", app, "--home", fixture.home).status == 0)
    }

    @Test("every step is applied or reported; the view after each is in the JSON report")
    func scripted() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await Self.install(in: fixture)
        let script = fixture.root.appendingPathComponent("script.json")
        try Data(#"""
            [{"alert": "Send"}, {"tap": "Nope"}, {"edit": "Note", "text": "hello"}, {"toggle": "Public", "isOn": true},
             {"tap": "Send"}, {"tap": "Send"}, {"alert": "Send"}]
            """#.utf8).write(to: script)
        let result = await appex("share", "--text", "x", "--to", "com.example.viewy.Note", "--view-script", script.path,
                                 "--json", "--home", fixture.home)
        #expect(result.status == 0, "\(result.error)\n\(result.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let view = try #require(object["view"] as? [String: Any], "\(result.output)")
        let initial = try #require(view["initial"] as? [String: Any])
        #expect(initial["title"] as? String == "Fixture")
        #expect(initial["barButtons"] as? [String] == ["Cancel"])
        let kinds = try #require(initial["elements"] as? [[String: Any]]).compactMap { $0["kind"] as? String }
        #expect(kinds == ["heading", "caption", "textField", "toggle", "button"])
        let steps = try #require(view["steps"] as? [[String: Any]])
        let refused = steps.map { ($0["refused"] as? String).map { String($0.prefix(while: { $0 != ":" && $0 != " " })) } ?? "" }
        // Revisions depend on timing (the caption is published on its own once the text has
        // loaded); what was refused, and why, does not.
        #expect(refused == ["no", "no", "", "", "", "alert-shown", ""], "\(steps.map { $0["refused"] ?? "applied" })")
        let alert = try #require((steps[4]["view"] as? [String: Any])?["alert"] as? [String: Any])
        #expect(alert["title"] as? String == "Send this note?")
        #expect(alert["message"] as? String == "hello")
        #expect(alert["actions"] as? [String] == ["Cancel", "Send"])
        let run = try #require(object["run"] as? [String: Any])
        #expect(run["outcome"] as? String == "completed", "\(result.output.suffix(700))")
        let items = try #require(run["items"] as? [[String: Any]])
        #expect(items.first?["text"] as? String == "hello (public)")
    }

    struct BadScript: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
    }

    static let badScripts: [BadScript] = [
        BadScript(name: "not JSON", text: "[{", message: "is not JSON"),
        BadScript(name: "not an array", text: #"{"tap": "Send"}"#, message: "must be a JSON array of steps"),
        BadScript(name: "an unknown step", text: #"[{"tap": "Send"}, {"jump": 3}]"#, message: #"[1]: {"jump":3} is not a step"#),
        BadScript(name: "an edit without text", text: #"[{"edit": "Note"}]"#, message: #"[0]: {"edit":"Note"} is not a step"#),
    ]

    @Test("a bad script is refused before anything runs, naming the step", arguments: badScripts)
    func badScript(_ bad: BadScript) async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        let script = fixture.root.appendingPathComponent("script.json")
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        try Data(bad.text.utf8).write(to: script)
        let result = await appex("share", "--text", "x", "--to", "com.example.viewy.Note", "--view-script", script.path,
                                 "--home", fixture.home)
        #expect(result.status == 2)
        #expect(result.error.contains(bad.message), "\(result.error)")
    }
}
