import ExtensionHost
import ExtensionIPC
import ExtensionRegistry
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// `appex today --web --no-open` as a person runs it, on the Notes example: the command
/// prints its address, the page shows the Notes widget, Open Notes starts Notes through
/// the host's opener, and the command ends by itself once the page has closed.
@Suite("appex today --web", .serialized)
struct TodayCommandWebTests {
    @Test("the Notes widget in the browser; Open Notes starts Notes; the command exits 0 after its page closed")
    func notesWidget() async throws {
        try requireSandbox(preferredSandboxMode)
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "appex is not built next to the tests")
        let home = AppexHome(root: FileManager.default.temporaryDirectory.appendingPathComponent("appex-today-web-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: home.root) }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Notes/Bundle")
        let app = home.root.appendingPathComponent("Notes.app")
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
        _ = try BundleBuilder(source: source, products: appex.deletingLastPathComponent()).build(to: app)
        _ = try ExtensionRegistry(home: home).install(appAt: app)

        let process = try await ChildProcess.launch(.init(
            executable: appex.path,
            arguments: ["today", "--web", "--no-open", "--home", home.root.path] + preferredSandboxMode.commandLineArguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": home.root.path, "APPEX_START_TIMEOUT": "120"], sandbox: nil,
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
        let printed = await process.output(containing: "/t/", waitingUpTo: .seconds(120))
        let address = try #require(printed.split(separator: " ").last { $0.hasPrefix("http://127.0.0.1:") },
                                   "no address in what appex printed: \(printed)")
        let url = try #require(URL(string: address.trimmingCharacters(in: .whitespacesAndNewlines)))
        let status = try await ChromiumBrowser.with { browser in
            let page = try await browser.open(url, width: 420, height: 420)
            let card = "document.querySelector('[data-id=\"com.example.notes.Widget\"]')"
            try await page.waitUntil("\(card) && \(card).querySelector('.state').textContent === '' && \(card).querySelector('.open') !== null", seconds: 60, deadline: .seconds(90))
            try await page.screenshot("today-web-notes")
            _ = try await page.evaluate("\(card).querySelector('.open').click()")
            // Open Notes is the widget's own UIButton: its process taps it, its UIAction asks
            // to open notes://latest, and the dashboard's opener starts Notes.
            try await page.waitUntil("document.querySelector('#status').textContent.startsWith('opened Notes')", seconds: 60, deadline: .seconds(90))
            try await page.screenshot("today-web-notes-opened")
            return try await page.evaluate("document.querySelector('#status').textContent") as? String ?? ""
        }
        #expect(status.hasPrefix("opened Notes (exited with status 0)"), "the status line: \(status)")
        let ending = await process.exit()
        let output = await process.output()
        #expect(ending.isSuccess, "appex today --web \(ending): \(output)")
    }
}
