import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import FoundationNetworking
import HostTestSupport
import ShareSheetWeb
import Synchronization
import Testing
import TodayWidgets

/// `appex today --web`: the Today dashboard as a page in real headless Chromium — cards
/// from snapshots, live updates, a stale widget, Show More, a button, Refresh, the secret
/// and the origin check, and the end once the page has closed.
@Suite("Today dashboard in Chromium", .serialized)
struct TodayPageTests {
    /// Two fixture widgets: one healthy (`echo`: expandable, a button), one that crashes and
    /// shows its last snapshot, which holds a photo, stale.
    final class Board: Sendable {
        let fixtures: [FixtureInstallation]
        let today: TodayView
        /// What the dashboard's opener was asked: "widget-id url".
        let opened = Mutex<[String]>([])

        /// The board; with `holder`, a third widget that says "ready" through the FIFO in its
        /// data container and then holds it until its process is gone (the fixture's `hold`).
        init(holder: Bool = false) throws {
            fixtures = [
                try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.fixture.Scores", displayName: "Scores",
                                             extraInfo: ["AppexFixtureBehavior": "echo"]),
                try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: "com.example.fixture.Weather", displayName: "Weather",
                                             extraInfo: ["AppexFixtureBehavior": "crash"]),
            ] + (holder ? [try FixtureInstallation.make(point: ExtensionPoint.widget, identifier: Self.holder, displayName: "Holder",
                                                        extraInfo: ["AppexFixtureBehavior": "hold"])] : [])
            let store = WidgetSnapshotStore(directory: fixtures[0].root.appendingPathComponent("Snapshots"))
            let photo = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Darkroom/Sample.jpg"))
            try store.save(WidgetSnapshot(identifier: "com.example.fixture.Weather", state: WidgetState(revision: 3, view: WidgetView(
                .title("Lisbon"), .row("Sunny", detail: "24°"), .image(WidgetImage(data: photo, accessibilityLabel: "the harbour at noon"))))))
            today = TodayView(catalog: FixedCatalog(fixtures.map(\.installed)),
                              options: preferredSandboxMode.options(LaunchOptions(gracePeriod: .seconds(2))),
                              snapshots: store, updateTimeout: .seconds(120))
        }

        /// Serves the dashboard while `drive` runs with its address; how it ended, once the
        /// server is down.
        func serve<T: Sendable>(connectionDeadline: Duration = .seconds(120),
                                _ drive: @escaping @Sendable (URL) async throws -> T) async throws -> (WebTodayView.Ending, T) {
            var view = WebTodayView(today: today, widgets: try today.widgets()) { [self] url, widget in
                self.opened.withLock { $0.append("\(widget.identifier) \(url.absoluteString)") }
                return "opened \(url.absoluteString) for \(widget.displayName)"
            }
            view.closeGrace = .seconds(1)
            view.connectionDeadline = connectionDeadline
            let page = view
            let (urls, urlSink) = AsyncStream.makeStream(of: URL.self)
            return try await withThrowingTaskGroup(of: WebTodayView.Ending.self) { group in
                group.addTask { try await page.run { url in urlSink.yield(url) } }
                var iterator = urls.makeAsyncIterator()
                let url = try #require(await iterator.next(), "the dashboard's server did not start")
                let result = try await drive(url)
                let ending = try #require(try await group.next())
                return (ending, result)
            }
        }

        func remove() { fixtures.forEach { $0.remove() } }

        static let holder = "com.example.fixture.Holder"
    }

    /// `document.querySelector` of the card of `id`, then `rest`.
    static func card(_ id: String, _ rest: String = "") -> String {
        "document.querySelector('[data-id=\"\(id)\"]')\(rest)"
    }

    @Test("the cards from snapshots, then live: a stale widget with its photo, Show More, a button, Refresh; the end after the page closes")
    func dashboard() async throws {
        try requireSandbox(preferredSandboxMode)
        let board = try Board()
        defer { board.remove() }
        let scores = "com.example.fixture.Scores", weather = "com.example.fixture.Weather"
        let (ending, texts) = try await board.serve { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url, width: 420, height: 760)
                var texts: [String] = []
                // Both cards; Scores updated live, Weather crashed and shows its snapshot, stale.
                try await page.waitUntil("document.querySelectorAll('.widget').length === 2")
                try await page.waitUntil(Self.card(scores, ".querySelector('.state').textContent === ''") + " && "
                                         + Self.card(scores, ".textContent.includes('update1')"))
                try await page.waitUntil(Self.card(weather, ".classList.contains('stale')"))
                try await page.waitUntil("document.querySelector('img') && document.querySelector('img').complete && document.querySelector('img').naturalWidth > 0")
                texts.append(try await page.text())
                try await page.screenshot("today-web")

                // Show More reaches the live process: the expanded mode's rows.
                _ = try await page.evaluate(Self.card(scores, ".querySelector('header button').click()"))
                try await page.waitUntil(Self.card(scores, ".textContent.includes('more rows for the expanded mode')"))
                #expect(try await page.evaluate(Self.card(scores, ".querySelector('header button').textContent")) as? String == "Show Less")
                try await page.screenshot("today-web-expanded")

                // A button: the host's opener gets the widget's URL, the page never names it.
                _ = try await page.evaluate(Self.card(scores, ".querySelector('.open').click()"))
                try await page.waitUntil("document.querySelector('#status').textContent.startsWith('opened ')")
                texts.append(try await page.evaluate("document.querySelector('#status').textContent") as? String ?? "")

                // Refresh updates every widget: Scores' second update, in the mode it is shown in.
                _ = try await page.evaluate("document.querySelector('#refresh').click()")
                try await page.waitUntil(Self.card(scores, ".textContent.includes('update2')") + " && "
                                         + Self.card(scores, ".textContent.includes('modeexpanded')"))
                try await page.waitUntil(Self.card(weather, ".querySelector('.state').textContent === 'crashed · stale'"))
                texts.append(try await page.text())
                return texts
            }
        }
        #expect(ending == .closed)
        let first = try #require(texts.first)
        #expect(first.contains("SCORES") && first.contains("WEATHER"), "the names, as the page shows them")
        #expect(first.contains("Lisbon") && first.contains("24°"), "the stale snapshot is shown: \(first)")
        #expect(first.contains("crashed · stale"))
        #expect(board.opened.withLock { $0 } == ["\(scores) fixture://open"])
        #expect(texts.dropFirst().first == "opened fixture://open for Scores")
    }

    static let paths: [SecretPathCase] = [
        SecretPathCase(name: "no secret: 403", path: "/", status: 403),
        SecretPathCase(name: "a wrong secret: 403", path: "/t/00000000000000000000000000000000/", status: 403),
        SecretPathCase(name: "the share sheet's prefix with the secret: 403", path: "/s/TOKEN/", status: 403),
        SecretPathCase(name: "the script without the secret: 403", path: "/t/x/app.js", status: 403),
        SecretPathCase(name: "../ out of the dashboard, encoded: not served", path: "/t/TOKEN/%2e%2e/%2e%2e/etc/passwd", status: 404),
        SecretPathCase(name: "the page with its secret: 200", path: "/t/TOKEN/", status: 200),
    ]

    @Test("the secret in every address, and the page's own origin on the socket")
    func security() async throws {
        try requireSandbox(preferredSandboxMode)
        let board = try Board()
        defer { board.remove() }
        let (ending, _) = try await board.serve { url in
            let served = try await SecretPathCase.check(Self.paths, page: url)
            #expect(served.count == 1 && served.allSatisfy { $0.contains("<script src=\"app.js\"") })
            try await ChromiumBrowser.with { browser in
                // The page from http://localhost:PORT has another origin: its socket is refused.
                let other = try #require(URL(string: url.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
                let elsewhere = try await browser.open(other)
                try await elsewhere.waitUntil("document.querySelector('#status').textContent.includes('has ended')")
                #expect(try await elsewhere.evaluate("document.querySelectorAll('.widget').length") as? Int == 0, "another origin got the widgets")
                // …while its own page gets them; the dashboard ends after it closes.
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.widget').length === 2")
            }
        }
        #expect(ending == .closed)
    }

    @Test("a dashboard no page opens ends at its deadline, its widgets' processes with it")
    func notOpened() async throws {
        try requireSandbox(preferredSandboxMode)
        let board = try Board(holder: true)
        defer { board.remove() }
        // The holder's FIFO, opened for reading first so that the widget's open does not wait.
        let holder = try #require(board.fixtures.last)
        let container = holder.installed.dataContainerURL
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        let fifo = container.appendingPathComponent("ready.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }

        let (ending, _) = try await board.serve(connectionDeadline: .seconds(1)) { _ in }
        #expect(ending == .notOpened)
        // The dashboard has returned: no widget's process is left, whether the holder had
        // started (it said ready, and the FIFO's last writer is gone: its end of stream) or was
        // ended while it started (it never opened the FIFO: end of stream too).
        #expect(ProcessTable.processes(withHome: container.path).isEmpty, "a widget's process outlived the dashboard")
        var said: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while case let count = read(reader, &buffer, buffer.count), count > 0 { said += buffer.prefix(count) }
        #expect(said.isEmpty || said == Array("ready\n".utf8), "\(said)")
        #expect(read(reader, &buffer, buffer.count) == 0, "the holder's FIFO still has a writer: its process lives on")
    }
}
