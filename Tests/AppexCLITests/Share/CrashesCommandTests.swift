import Foundation
import HostTestSupport
import Testing

/// The issue's recipe, end to end: bundle the fixture extension with
/// `AppexFixtureBehavior` = `crash`, install it, share to it (with and without the
/// sandbox), then read the crash reports with `appex crashes`.
@Suite("appex crashes")
struct CrashesCommandTests {
    struct Report: Decodable {
        struct Frame: Decodable { var description: String; var sourceLocation: String? }
        var identifier: String
        var extensionIdentifier: String
        var signal: String
        var reason: String
        var frames: [Frame]
        var path: String
    }

    struct ShareRun: Decodable {
        struct Run: Decodable { var outcome: String; var error: String?; var crashReport: String? }
        var run: Run?
    }

    /// A source bundle whose one action extension is the fixture executable, crashing.
    static func crashingSource(in fixture: RegistryFixture) throws -> URL {
        let source = try fixture.source(app: "Crashy", extensions: [])
        let fixtureBinary = URL(fileURLWithPath: DemoAndShareTests.products).appendingPathComponent("appex-fixture-extension")
        try #require(FileManager.default.isExecutableFile(atPath: fixtureBinary.path), "appex-fixture-extension is not built next to the tests")
        let product = fixture.products.appendingPathComponent("CrashyCrash")
        if link(fixtureBinary.path, product.path) != 0 { try FileManager.default.copyItem(at: fixtureBinary, to: product) }
        let extra = """
            <key>CFBundleDisplayName</key><string>Crash</string>
            <key>AppexFixtureBehavior</key><string>crash</string>
            <key>AppexFixtureLoadTimeout</key><integer>120</integer>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.ui-services</string>
            <key>NSExtensionPrincipalClass</key><string>FixtureHandler</string><key>NSExtensionAttributes</key><dict>
            <key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><true/></dict></dict></dict>
            """
        try fixture.write(fixture.plist(id: "com.example.crashy.Crash", executable: "CrashyCrash", version: "1", extra: extra),
                          source.appendingPathComponent("PlugIns/Crash.appex/Info.plist"))
        return source
    }

    @Test("a crash is reported as a crash with its report; appex crashes lists and shows it")
    func crashRecipe() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        let source = try Self.crashingSource(in: fixture)
        let app = fixture.root.appendingPathComponent("out/Crashy.app").path
        let bundled = await appex("bundle", source.path, "--products", fixture.products.path, "--output", app)
        #expect(bundled.status == 0, "\(bundled.error)")
        let installed = await appex("install", app, "--home", fixture.home)
        #expect(installed.status == 0, "\(installed.error)")

        let modes = availableSandboxModes().map(\.commandLineArguments)
        var paths: [String] = []
        for mode in modes {
            let shared = await appex(["share", "--text", "hi", "--point", "action", "--to", "com.example.crashy.Crash",
                                      "--json", "--home", fixture.home] + mode)
            #expect(shared.status == 1)
            let run = try #require(try JSONDecoder().decode(ShareRun.self, from: Data(shared.output.utf8)).run)
            #expect(run.outcome == "failed")
            #expect(run.error?.contains("crashed (SIGSEGV") == true, "\(run.error ?? "")")
            #expect(run.error?.contains("appex crashes show") == true)
            paths.append(try #require(run.crashReport, "no crash report \(mode)"))
        }

        let listed = await appex("crashes", "--json", "--home", fixture.home)
        #expect(listed.status == 0, "\(listed.error)")
        let reports = try JSONDecoder().decode([Report].self, from: Data(listed.output.utf8))
        #expect(Set(reports.map(\.path)) == Set(paths))
        let newest = try #require(reports.first)
        #expect(newest.signal == "SIGSEGV")
        #expect(newest.extensionIdentifier == "com.example.crashy.Crash")
        #expect(newest.frames.contains { $0.description.contains("Fixture.crash()") && $0.sourceLocation?.contains("Fixture.swift") == true })

        let text = await appex("crashes", "--home", fixture.home)
        #expect(text.output.split(separator: "\n").first?.contains("com.example.crashy.Crash  SIGSEGV  Bad pointer dereference in ") == true, "\(text.output)")
        let shown = await appex("crashes", "show", newest.identifier, "--home", fixture.home)
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.contains("com.example.crashy.Crash crashed: SIGSEGV, Bad pointer dereference"))
        #expect(shown.output.split(separator: "\n").contains { $0.hasPrefix("→") && $0.contains("Fixture.crash()") && $0.contains("Fixture.swift:") })
        let missing = await appex("crashes", "show", "nonsense", "--home", fixture.home)
        #expect(missing.status == 2)
        #expect(missing.error.contains("no crash report nonsense"))
    }

    @Test("help", arguments: [["crashes", "--help"], ["crashes", "show", "--help"]])
    func help(_ arguments: [String]) async {
        expectSnapshot(await appex(arguments).output, named: "crashes/" + arguments.dropLast().joined(separator: "-") + "-help")
    }
}
