import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// An extension's own interface in the web sheet, in real headless Chromium: its page in
/// a sandboxed frame, the message bridge both ways, the extension's Swift code completing,
/// and what the frame cannot reach.
@Suite("Custom extension interface in Chromium", .serialized)
struct CustomInterfaceTests {
    @Test("the frame shows the extension's page, talks to the extension, and cannot reach the sheet")
    func interfaceRunsInItsFrame() async throws {
        let installation = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.probe.Share",
                                                        displayName: "Probe", interfaceFiles: ProbeInterface.files,
                                                        rule: ["NSExtensionActivationSupportsText": true])
        defer { installation.remove() }
        // A link from the interface's folder to a file outside it: never served.
        try FileManager.default.createSymbolicLink(atPath: installation.installed.bundleURL.appendingPathComponent("Interface/link.txt").path,
                                                   withDestinationPath: "../Secret.txt")
        let host = ExtensionHost(catalog: FixedCatalog([installation.installed]),
                                 options: FixtureInstallation.options("web-interface", sandbox: preferredSandboxMode))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("A caption for the probe"), typeIdentifier: "public.plain-text")]
        let resolution = try await host.resolve([item], point: ExtensionPoint.share)
        let sheet = WebShareSheet(host: host, resolution: resolution, items: [item])
        let (ending, seen) = try await SheetFixture.serve(sheet) { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.app').length === 1")
                _ = try await page.evaluate("document.querySelector('.app').click()")
                try await page.waitUntil("document.querySelector('iframe#interface') !== null")
                let sandbox = try await page.evaluate("document.querySelector('iframe#interface').getAttribute('sandbox')") as? String
                // The sheet cannot see into the frame either: it has another origin.
                let reachable = try await page.evaluate("document.querySelector('iframe#interface').contentDocument === null") as? Bool
                try await page.waitUntil("document.querySelector('iframe#interface[data-ready]') !== null")
                let frame = try await page.frame(containing: "/x/", once: "document.body && document.body.dataset.ready === 'yes'")
                // From the sheet's page: what the interface's address serves, and what not.
                let statuses = try await page.evaluate("""
                    (async () => {
                      const base = document.querySelector('iframe#interface').src.replace(/[^/]*$/, '');
                      const status = async path => (await fetch(base + path)).status;
                      const policy = (await fetch(base + 'index.html')).headers.get('content-security-policy');
                      return [await status('probe.js'), await status('%2e%2e/Secret.txt'), await status('link.txt'),
                              await status('missing.js'), await status('..%2fInfo.plist'), policy.split(';')[0]];
                    })()
                    """) as? [Any]
                let items = try await frame.evaluate("document.getElementById('items').innerText") as? String
                let styled = try await frame.evaluate("getComputedStyle(document.querySelector('h1')).color") as? String
                try await page.screenshot("custom-interface-probe")
                // The person types in the extension's page and sends, by keyboard.
                try await page.type("Hello from the frame")
                try await page.press("Tab")
                try await page.press("Enter")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                return (sandbox, reachable, items, styled, try await page.text(), statuses.map { $0.map { "\($0)" } } ?? [])
            }
        }
        #expect(seen.0 == "allow-scripts")
        #expect(seen.1 == true, "the sheet's script sees no document in the extension's frame")
        #expect(seen.2 == "public.plain-text: A caption for the probe", "the extension's message reached its page")
        #expect(seen.3 == "rgb(10, 120, 60)", "the page's own stylesheet is served from its bundle")
        #expect(seen.4.contains("Probe completed"))
        // The browser resolves `%2e%2e/` itself, out of the secret's folder (403); `..%2f`
        // reaches the server, which finds no such file (404).
        #expect(seen.5 == ["200", "403", "404", "404", "404", "sandbox allow-scripts"],
                 "the interface's own file; `../`, a link out, a missing file and an encoded `../` are not served; its policy sandboxes it")
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        let text = try #require(try report.completedItems().first?.attributedContentText?.string)
        #expect(text.hasPrefix("Hello from the frame "), "what the person typed came back through the bridge: \(text)")
        let probe = try JSONSerialization.jsonObject(with: Data(text.dropFirst("Hello from the frame ".count).utf8)) as? [String: String]
        #expect(probe?["parentDOM"] == "blocked: SecurityError", "the frame cannot reach the sheet's DOM: \(text)")
        #expect(probe?["storage"] == "blocked: SecurityError", "the frame has no storage of the sheet's origin: \(text)")
        #expect(probe?["origin"] == "null", "the frame's origin is opaque: \(text)")
        #expect(probe?["inline"] == "blocked", "inline scripts do not run under the interface's policy: \(text)")
        #expect(probe?["fetch"]?.hasPrefix("blocked") == true, "the frame may not connect anywhere: \(text)")
    }
}
