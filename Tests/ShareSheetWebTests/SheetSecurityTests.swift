import Foundation
import FoundationNetworking
import Testing

/// The sheet's server answers only its own page: the secret in every URL, the page's
/// origin on the WebSocket, nothing outside what it serves, and nothing after the share.
@Suite("Web share sheet security")
struct SheetSecurityTests {
    static let paths: [SecretPathCase] = [
        SecretPathCase(name: "no secret: 403", path: "/", status: 403),
        SecretPathCase(name: "the page without its secret: 403", path: "/s/", status: 403),
        SecretPathCase(name: "a wrong secret: 403", path: "/s/00000000000000000000000000000000/", status: 403),
        SecretPathCase(name: "the script without the secret: 403", path: "/s/x/app.js", status: 403),
        SecretPathCase(name: "../ out of the share, encoded: not served", path: "/s/TOKEN/%2e%2e/%2e%2e/etc/passwd", status: 404),
        SecretPathCase(name: "../ under the icons: not served", path: "/s/TOKEN/icon/..%2f..%2f..%2fetc%2fpasswd", status: 404),
        SecretPathCase(name: "an icon that does not exist: 404", path: "/s/TOKEN/icon/99", status: 404),
        SecretPathCase(name: "an extension's interface with the sheet's secret: 403", path: "/x/TOKEN/index.html", status: 403),
        SecretPathCase(name: "the page with its secret: 200", path: "/s/TOKEN/", status: 200),
    ]

    @Test("every path is checked: the secret, nothing outside what the sheet serves; the server is gone after the share")
    func paths() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let (ending, base) = try await fixture.withSheet { url in
            let served = try await SecretPathCase.check(Self.paths, page: url)
            #expect(served.count == 1 && served.allSatisfy { $0.contains("<script src=\"app.js\"") })
            try await ChromiumBrowser.with { browser in
                // A page of another origin cannot open the live socket: the sheet loaded from
                // http://localhost:PORT (another origin than http://127.0.0.1:PORT, same
                // machine) connects with its own Origin, is refused, and shows the end.
                let other = try #require(URL(string: url.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
                let elsewhere = try await browser.open(other)
                try await elsewhere.waitUntil("document.querySelector('#closed') !== null || document.querySelector('.app') !== null")
                #expect(try await elsewhere.evaluate("document.querySelector('.app') === null") as? Bool == true, "another origin got the share")
                // …while the sheet's own page connects (it shows the share), then closes without choosing.
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelector('#dismiss') !== null")
                _ = try await page.evaluate("document.querySelector('#dismiss').click()")
                try await page.waitUntil("document.querySelector('#closed') !== null")
            }
            return url
        }
        #expect(ending.isDismissed)
        // After the share: nothing listens at the address any more.
        await #expect(throws: (any Error).self) { _ = try await SecretPathCase.get(base) }
    }
}
