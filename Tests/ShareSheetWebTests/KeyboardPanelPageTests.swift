import ExtensionHost
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import KeyboardPanel
import Testing

/// The IBus engine's on-screen panel as a page in real headless Chromium: the keyboard's
/// keys row by row, a mouse click that types through the keyboard's process into the app's
/// field, what it says when no keyboard types, and the secret and origin checks.
@Suite("Keyboard panel in Chromium", .serialized)
struct KeyboardPanelPageTests {
    static func install() throws -> FixtureInstallation {
        try FixtureInstallation.make(point: "com.apple.keyboard-service", identifier: "com.example.fixture.Keys",
                                     displayName: "Fixture Keys", attributes: ["PrimaryLanguage": "en-US"], rule: [:])
    }

    /// A host for the fixture keyboard; its keys may take 60 s on CI's two loaded cores.
    static func host(_ fixture: FixtureInstallation) -> ExtensionHost {
        var options = FixtureInstallation.options("echo", sandbox: preferredSandboxMode)
        options.keyboardKeyDeadline = .seconds(60)
        return ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
    }

    static let statusStarts = "document.getElementById('status').textContent.startsWith"
    /// `document.querySelector` of the key titled `title`.
    static func key(_ title: String) -> String {
        "[...document.querySelectorAll('button.key')].find(b => b.textContent === \(String(reflecting: title)))"
    }

    @Test("the keys row by row; clicks type through the keyboard into the app's field; the panel says when no keyboard types")
    func clicksType() async throws {
        try requireSandbox(preferredSandboxMode)
        let fixture = try Self.install()
        defer { fixture.remove() }
        let field = TextInputRecorder(before: "Hello ")
        let (texts, lineCounts) = try await KeyboardPanel.with { panel, url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url, width: 520, height: 300)
                try await page.waitUntil("\(Self.statusStarts)('No keyboard is typing')")
                let idle = try await page.text()
                let shown = try await Self.host(fixture).withKeyboard(fixture.installed, document: TextDocumentContext(before: "Hello ", after: ""),
                                                                      client: field) { typing in
                    try await panel.showing(typing, name: "Fixture Keys") { () async throws -> (String, [Int]) in
                        try await page.waitUntil("\(Self.key("space")) !== undefined")
                        let lines = try #require(try await page.evaluate("[...document.querySelectorAll('.line')].map(l => l.children.length)") as? [Int])
                        for title in ["h", "i", "space", "⌫"] { try await page.click(Self.key(title)) }
                        #expect(await field.waitForText("Hello hi", within: .seconds(60)), "the clicks did not type: \(field.calls)")
                        try await page.screenshot("keyboard-panel")
                        return (try await page.text(), lines)
                    }
                }
                try await page.waitUntil("\(Self.statusStarts)('No keyboard is typing')")
                return ([idle, shown.0], shown.1)
            }
        }
        #expect(field.calls == [.commit("h"), .commit("i"), .commit(" "), .delete(offset: -1, count: 1)])
        #expect(texts[0].contains("No keyboard is typing"))
        #expect(texts[1].contains("Fixture Keys") && texts[1].contains("space") && !texts[1].contains("No keyboard"))
        #expect(lineCounts.count > 1 && lineCounts.allSatisfy { $0 > 0 }, "the keys in rows, as the keyboard's stacks lay them out: \(lineCounts)")
    }

    @Test("a keyboard that crashes: the panel says why, and its keys go")
    func crashed() async throws {
        try requireSandbox(preferredSandboxMode)
        let fixture = try Self.install()
        defer { fixture.remove() }
        let field = TextInputRecorder()
        let text = try await KeyboardPanel.with { panel, url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url, width: 520, height: 300)
                return try await Self.host(fixture).withKeyboard(fixture.installed, document: TextDocumentContext(), client: field) { typing in
                    try await panel.showing(typing, name: "Fixture Keys") { () async throws -> String in
                        try await page.waitUntil("\(Self.key("!")) !== undefined")
                        try await page.click(Self.key("!"))
                        try await page.waitUntil("document.querySelectorAll('button.key').length === 0")
                        return try await page.text()
                    }
                }
            }
        }
        #expect(text.contains("Fixture Keys"))
        #expect(text.contains("stopped") && text.contains("keys now go straight to the app"), "the panel says the keyboard stopped: \(text)")
        #expect(!field.failures.isEmpty, "the field heard it once too")
    }

    static let paths: [SecretPathCase] = [
        SecretPathCase(name: "no secret: 403", path: "/", status: 403),
        SecretPathCase(name: "a wrong secret: 403", path: "/k/00000000000000000000000000000000/", status: 403),
        SecretPathCase(name: "the dashboard's prefix with the secret: 403", path: "/t/TOKEN/", status: 403),
        SecretPathCase(name: "the script without the secret: 403", path: "/k/x/app.js", status: 403),
        SecretPathCase(name: "../ out of the panel, encoded: not served", path: "/k/TOKEN/%2e%2e/%2e%2e/etc/passwd", status: 404),
        SecretPathCase(name: "the page with its secret: 200", path: "/k/TOKEN/", status: 200),
    ]

    @Test("the secret in every address, and the page's own origin on the socket")
    func security() async throws {
        try await KeyboardPanel.with { _, url in
            let served = try await SecretPathCase.check(Self.paths, page: url)
            #expect(served.count == 1 && served.allSatisfy { $0.contains("<script src=\"app.js\"") })
            try await ChromiumBrowser.with { browser in
                // The page from http://localhost:PORT has another origin: its socket is refused.
                let other = try #require(URL(string: url.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
                let elsewhere = try await browser.open(other)
                try await elsewhere.waitUntil("\(Self.statusStarts)('The keyboard engine has ended')")
                let page = try await browser.open(url)
                try await page.waitUntil("\(Self.statusStarts)('No keyboard is typing')")
            }
        }
    }
}
