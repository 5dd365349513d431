import Foundation
import HostTestSupport
import Testing

/// A widget's own buttons on the dashboard, on a real terminal: `appex today` under
/// script(1) with the fixture's UIKit widget (a counter whose "Add one" `UIButton` counts,
/// a disabled "Reset"), keys typed once each screen is drawn.
@Suite("Widget buttons on a terminal")
struct TerminalWidgetButtonTests {
    /// Installs an app whose widget is the fixture's `FixtureButtonWidget`.
    static func install(in fixture: RegistryFixture) async throws {
        let source = try fixture.source(app: "Countly", extensions: [])
        let binary = URL(fileURLWithPath: DemoAndShareTests.products).appendingPathComponent("appex-fixture-extension")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "appex-fixture-extension is not built next to the tests")
        let product = fixture.products.appendingPathComponent("CountlyWidget")
        if link(binary.path, product.path) != 0 { try FileManager.default.copyItem(at: binary, to: product) }
        let extra = """
            <key>CFBundleDisplayName</key><string>Counter</string>
            <key>AppexFixtureBehavior</key><string>view-controller</string>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widget-extension</string>
            <key>NSExtensionPrincipalClass</key><string>FixtureButtonWidget</string></dict>
            """
        try fixture.write(fixture.plist(id: "com.example.countly.Widget", executable: "CountlyWidget", version: "1", extra: extra),
                          source.appendingPathComponent("PlugIns/Widget.appex/Info.plist"))
        let app = fixture.root.appendingPathComponent("out/Countly.app").path
        #expect(await appex("bundle", source.path, "--products", fixture.products.path, "--output", app).status == 0)
        #expect(await appex("install", app, "--home", fixture.home).status == 0)
    }

    @Test("the buttons numbered, a disabled one dim; 1 taps Add one in the widget's process and the card redraws; 2 is refused")
    func buttons() async throws {
        try requireTool("/usr/bin/script", package: "bsdutils", for: "the dashboard on a terminal")
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await Self.install(in: fixture)
        let appex = DemoAndShareTests.products + "/appex"
        let terminal = try TerminalDriver("\(appex) today --home \(fixture.home)", columns: 80, rows: 30)
        defer { terminal.close() }

        var screen = try await terminal.waitForScreen(containing: "0 taps")
        #expect(screen.contains { $0.contains("[1 Add one]") }, "\(screen)")
        #expect(screen.contains { $0.contains("[2 Reset]") }, "\(screen)")
        #expect(!screen.contains { $0.contains("Hidden") }, "a hidden button is not drawn")
        #expect(terminal.rawScreen.contains("\u{1b}[2m[2 Reset]"), "a disabled button is dim")

        terminal.type("1")
        screen = try await terminal.waitForScreen(containing: "1 taps")
        terminal.type("1")
        screen = try await terminal.waitForScreen(containing: "2 taps")

        terminal.type("2")
        screen = try await terminal.waitForScreen(containing: "Reset is disabled")
        #expect(screen.contains { $0.contains("2 taps") }, "a refused button changes nothing")

        terminal.type("q")
        #expect(try await terminal.exitStatus() == 0)
    }
}
