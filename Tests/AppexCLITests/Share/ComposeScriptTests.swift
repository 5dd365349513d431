import Foundation
import Testing

/// `appex share --compose-script`: a scripted user of an extension's compose sheet, end to
/// end through the registry, the sandbox and the wire.
@Suite("appex share --compose-script")
struct ComposeScriptTests {
    struct Report: Decodable {
        struct Run: Decodable {
            struct Item: Decodable { var text: String? }
            var outcome: String
            var items: [Item]
        }
        var run: Run?
    }

    /// Installs the fixture extension as a share extension showing a compose sheet.
    /// - Parameter behavior: the fixture's sheet: `compose` (FixtureComposeController) or
    ///   `compose-alert` (AlertingComposeController: titled "New Post", Post asks for a tag).
    static func install(in fixture: RegistryFixture, behavior: String = "compose") async throws {
        let source = try fixture.source(app: "Composy", extensions: [])
        let binary = URL(fileURLWithPath: DemoAndShareTests.products).appendingPathComponent("appex-fixture-extension")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "appex-fixture-extension is not built next to the tests")
        let product = fixture.products.appendingPathComponent("ComposyPost")
        if link(binary.path, product.path) != 0 { try FileManager.default.copyItem(at: binary, to: product) }
        let extra = """
            <key>CFBundleDisplayName</key><string>Post</string>
            <key>AppexFixtureBehavior</key><string>\(behavior)</string>
            <key>AppexFixtureLoadTimeout</key><integer>120</integer>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
            <key>NSExtensionPrincipalClass</key><string>FixtureComposeController</string><key>NSExtensionAttributes</key><dict>
            <key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict>
            """
        try fixture.write(fixture.plist(id: "com.example.composy.Post", executable: "ComposyPost", version: "1", extra: extra),
                          source.appendingPathComponent("PlugIns/Post.appex/Info.plist"))
        let app = fixture.root.appendingPathComponent("out/Composy.app").path
        #expect(await appex("bundle", source.path, "--products", fixture.products.path, "--output", app).status == 0)
        #expect(await appex("install", app, "--home", fixture.home).status == 0)
    }

    @Test("every action is applied or reported; the sheet after each is in the JSON report")
    func scripted() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await Self.install(in: fixture)
        let script = fixture.root.appendingPathComponent("script.json")
        try Data(#"""
            [{"post": true}, {"type": "hello"}, {"tap": "Audience"}, {"choose": "Friends"},
             {"tap": "Nope"}, {"type": " all"}, {"post": true}, {"cancel": true}]
            """#.utf8).write(to: script)
        let result = await appex("share", "--text", "x", "--to", "com.example.composy.Post", "--compose-script", script.path,
                                 "--json", "--home", fixture.home)
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        var composeReport = try #require(object["compose"] as? [String: Any])
        // Revisions depend on timing: the extension publishes the preview's text on its own,
        // before or between the script's actions. What holds: each applied action's state is
        // newer than the one before, and a refusal answers with the newest state there is
        // (the one before, or one the extension published since). The snapshot leaves them out.
        var initial = try #require(composeReport["initial"] as? [String: Any])
        var steps = try #require(composeReport["steps"] as? [[String: Any]])
        var previous = try #require(initial.removeValue(forKey: "revision") as? Int)
        for index in steps.indices {
            guard var sheet = steps[index]["sheet"] as? [String: Any] else { continue }
            let revision = try #require(sheet.removeValue(forKey: "revision") as? Int)
            if steps[index]["refused"] != nil { #expect(revision >= previous, "step \(index)") } else { #expect(revision > previous, "step \(index)") }
            previous = revision
            steps[index]["sheet"] = sheet
        }
        composeReport["initial"] = initial
        composeReport["steps"] = steps
        let compose = try JSONSerialization.data(withJSONObject: composeReport, options: [.prettyPrinted, .sortedKeys])
        expectSnapshot(String(decoding: compose, as: UTF8.self) + "\n", named: "share/compose-script-json")
        let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
        #expect(report.run?.outcome == "completed", "\(result.output.suffix(700))")
        #expect(report.run?.items.first?.text == "hello all (to Friends)")
    }

    struct BadScript: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
    }

    static let badScripts: [BadScript] = [
        BadScript(name: "not JSON", text: "[{", message: "is not JSON"),
        BadScript(name: "not an array", text: #"{"post": true}"#, message: "must be a JSON array of actions"),
        BadScript(name: "an unknown action", text: #"[{"post": true}, {"jump": 3}]"#, message: "[1]: \"jump\" with 3 is not an action"),
        BadScript(name: "two keys", text: #"[{"post": true, "back": true}]"#, message: "[0]: expected an object with one key"),
    ]

    @Test("a bad script is refused before anything runs, naming the action", arguments: badScripts)
    func badScript(_ bad: BadScript) async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        let script = fixture.root.appendingPathComponent("script.json")
        try FileManager.default.createDirectory(at: fixture.root, withIntermediateDirectories: true)
        try Data(bad.text.utf8).write(to: script)
        let result = await appex("share", "--text", "x", "--to", "com.example.composy.Post", "--compose-script", script.path,
                                 "--home", fixture.home)
        #expect(result.status == 2)
        #expect(result.error.contains(bad.message), "\(result.error)")
    }
}
