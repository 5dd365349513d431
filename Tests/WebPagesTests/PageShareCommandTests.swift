import DeviceLayout
import ExtensionIPC
import ExtensionManifest
import Foundation
import HostTestSupport
import Testing
import WebPages

/// `appex share --page` end to end, as a user runs it: the Reader example bundled and
/// installed, a page from the loopback server, the action extension run in its sandbox,
/// the page finalized and saved; then Reader lists what the extension kept.
@Suite("appex share --page", .serialized)
struct PageShareCommandTests {
    @Test("Highlight in Reader: results in, finalize out, the page saved, Reader lists it")
    func readerExample() async throws {
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let products = appex.deletingLastPathComponent()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Reader/Bundle")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-reader-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let home = root.appendingPathComponent("home")
        // An extension may take 120 s to say hello on CI's loaded cores (APPEX_START_TIMEOUT).
        let environment = ["APPEX_HOME": home.path, "PATH": products.path + ":/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": root.path,
                           "APPEX_START_TIMEOUT": "120"]
        let bundle = root.appendingPathComponent("Reader.app")
        let html = root.appendingPathComponent("page.html"), png = root.appendingPathComponent("page.png")

        try await Self.run(appex.path, ["bundle", source.path, "--products", products.path, "--output", bundle.path], environment)
        try await Self.run(appex.path, ["install", bundle.path], environment)
        try await PageServer.with { base in
            let page = base.appendingPathComponent("article")
            let listed = try await Self.run(appex.path, ["share", "--page", page.absoluteString, "--point", "action", "--json"], environment)
            let sheet = try Self.object(listed)
            #expect((sheet["eligible"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String } == ["com.example.reader.Highlight"])

            let output = try await Self.run(appex.path, ["share", "--page", page.absoluteString, "--point", "action", "--to", "com.example.reader.Highlight",
                                                         "--output-html", html.path, "--screenshot", png.path, "--json"], environment)
            let report = try Self.object(output)
            let shared = try #require(report["page"] as? [String: Any])
            #expect(shared["title"] as? String == "A Tale of Two Cities")
            let preprocessing = try #require(shared["preprocessing"] as? [String: Any])
            #expect(preprocessing["status"] as? String == "delivered")
            #expect(preprocessing["file"] as? String == "Highlight.js")
            #expect((shared["finalize"] as? [String: Any])?["status"] as? String == "finalized")
            #expect((report["run"] as? [String: Any])?["outcome"] as? String == "completed")
        }
        let saved = try String(contentsOf: html, encoding: .utf8)
        #expect(saved.contains("Reader kept 12 words from “A Tale of Two Cities”</div>"))
        #expect(saved.contains(#"<mark class="appex-highlight""#))
        #expect(try Data(contentsOf: png).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: root.path).contains { $0.hasPrefix("appex-browser-") }, "the profile is removed")

        // The app, run from its installed bundle as the system would start it.
        let layout = AppexHome(root: home)
        let reader = home.appendingPathComponent("Applications/com.example.reader/Reader.app/reader-app")
        let group = "group.com.example.reader"
        let kept = try await Self.run(reader.path, [], environment.merging([
            AppGroupContainersEnvironment.environmentVariable: AppGroupContainersEnvironment.encode([group: layout.appGroupContainer(groupIdentifier: group).path]),
            "APPEX_DATA_CONTAINER": layout.dataContainer(bundleIdentifier: "com.example.reader").path,
        ]) { _, new in new })
        #expect(kept.contains("1. A Tale of Two Cities — http://127.0.0.1:"))
        #expect(kept.contains("(2 images)"))
        #expect(kept.contains("“It was the best of times, it was the worst of times.”"))
    }

    @Test("A page that cannot be loaded is a clear error, exit 2")
    func unreachablePage() async throws {
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-page-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["APPEX_HOME": root.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let process = try await ChildProcess.launch(.init(executable: appex.path, arguments: ["share", "--page", "http://127.0.0.1:65534/nothing"],
                                                          environment: environment, sandbox: nil,
                                                          limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(120)), captures: [1, 2]))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        #expect(ending == .exited(code: 2))
        #expect(output.contains("error: http://127.0.0.1:65534/nothing could not be loaded: net::ERR_CONNECTION_REFUSED"), "\(output)")
    }

    @Test("The page's activation payload is what appex match's safari-page presets assume")
    func agreesWithPresets() throws {
        let url = try #require(URL(string: "https://www.swift.org/"))
        for (preset, preprocessed) in [("safari-page", false), ("safari-page-js", true)] {
            let assumed = try PayloadPreset.parse(preset).payload
            let built = WebPageItems.activationPayload(url: url, title: "Swift.org - Welcome to Swift.org", preprocessed: preprocessed)
            #expect(built.items.count == assumed.items.count)
            #expect(built.attachments.map(\.registeredTypeIdentifiers) == assumed.attachments.map(\.registeredTypeIdentifiers), "\(preset)")
            #expect(built.attachments.map(\.url) == assumed.attachments.map(\.url), "\(preset)")
            #expect(built.items.map(\.contentText) == assumed.items.map(\.contentText), "\(preset)")
        }
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], _ environment: [String: String]) async throws -> String {
        // Standard error to a file of its own, so that a failure says why and the JSON on
        // standard output stays whole.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("appex-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: errors) }
        let descriptor = open(errors.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0, "cannot create \(errors.path)")
        let process = try await ChildProcess.launch(.init(executable: executable, arguments: arguments, environment: environment, sandbox: nil,
                                                          limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(120)),
                                                          descriptors: [2: OwnedFileDescriptor(taking: descriptor)], captures: [1]))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(ending.isSuccess, "\(URL(fileURLWithPath: executable).lastPathComponent) \(arguments.joined(separator: " ")): \(ending)\n\(output)\n\(stderr)")
        return output
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not a JSON object: \(json)")
    }
}
