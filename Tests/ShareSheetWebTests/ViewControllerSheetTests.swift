import AppExtensions
import ExtensionHost
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// An extension's own view controller, and a compose sheet's title and alert, in the web
/// sheet in real headless Chromium, with a screenshot of each state.
@Suite("View controllers in the web sheet", .serialized)
struct ViewControllerSheetTests {
    @Test("the title, bar, elements in reading order, typing, a switch, Send, the alert as a modal dialog, its Send, the outcome")
    func viewController() async throws {
        let fixture = try SheetFixture(behavior: "view-controller")
        defer { fixture.remove() }
        let (ending, texts) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                var texts: [String] = []
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                _ = try await page.evaluate("document.querySelector('.app[data-id=\"com.example.notes.Post\"]').click()")
                // The view: the title between the bar buttons, the elements in reading order;
                // the caption says what is shared once the extension has loaded it.
                try await page.waitUntil("document.querySelector('.view') && document.querySelector('#title').textContent === 'Fixture'")
                try await page.waitUntil("[...document.querySelectorAll('.view .caption')].some(c => c.textContent.startsWith('Sharing: Swift on Linux'))")
                let order = try await page.evaluate("[...document.querySelector('.elements').children].map(e => e.className || e.tagName).join(',')") as? String
                #expect(order == "heading,caption,INPUT,toggle,control", "\(order ?? "")")
                #expect(try await page.evaluate("document.querySelector('.view .bar button').textContent") as? String == "Cancel")
                _ = try await page.evaluate("document.querySelector('#view-3, .elements input[type=text]').focus()")
                try await page.type("Hello from Chromium")
                _ = try await page.evaluate("document.querySelector('.toggle input').click()")
                try await page.waitUntil("document.querySelector('.toggle input').checked")
                try await page.screenshot("view-controller")

                // Send presents the alert: a modal dialog over the view, which waits (inert).
                _ = try await page.evaluate("document.querySelector('.view .control').click()")
                try await page.waitUntil("document.querySelector('#alert') !== null")
                #expect(try await page.evaluate("document.querySelector('.view').inert") as? Bool == true)
                #expect(try await page.evaluate("document.querySelector('#alert-message').textContent") as? String == "Hello from Chromium")
                #expect(try await page.evaluate("[...document.querySelectorAll('#alert button')].map(b => b.textContent).join(',')") as? String == "Cancel,Send")
                try await page.waitUntil("document.activeElement && document.activeElement.dataset.alertAction === 'Send'")
                texts.append(try await page.text())
                try await page.screenshot("view-controller-alert")
                // Enter chooses the focused (preferred) action.
                try await page.press("Enter")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                texts.append(try await page.text())
                return texts
            }
        }
        let alert = try #require(texts.first)
        #expect(alert.contains("Send this note?"))
        let outcome = try #require(texts.last)
        #expect(outcome.contains("Post to Notes completed"))
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        let items = try report.completedItems()
        #expect(items.first?.attributedContentText?.string == "Hello from Chromium (public)")
    }

    @Test("Escape in the view taps its Cancel bar button: the request is cancelled")
    func escapeCancels() async throws {
        let fixture = try SheetFixture(behavior: "view-controller")
        defer { fixture.remove() }
        let (ending, _) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                _ = try await page.evaluate("document.querySelector('.app[data-id=\"com.example.notes.Post\"]').click()")
                try await page.waitUntil("document.querySelector('.view') !== null")
                try await page.press("Escape")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
            }
        }
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        #expect { try report.completedItems() } throws: { ($0 as NSError).code == 3072 && ($0 as NSError).domain == NSCocoaErrorDomain }
    }

    @Test("a compose sheet's title in its bar, and its alert after Post: a dialog with a field whose text and chosen action go back")
    func composeTitleAndAlert() async throws {
        let fixture = try SheetFixture(behavior: "compose-alert")
        defer { fixture.remove() }
        let (ending, _) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                _ = try await page.evaluate("document.querySelector('.app[data-id=\"com.example.notes.Post\"]').click()")
                try await page.waitUntil("document.querySelector('#title') && document.querySelector('#title').textContent === 'New Post'")
                try await page.waitUntil("document.activeElement && document.activeElement.id === 'text'")
                try await page.type("Tagged")
                try await page.waitUntil("!document.querySelector('#post').disabled")
                _ = try await page.evaluate("document.querySelector('#post').click()")
                // The alert takes the keyboard: its field first.
                try await page.waitUntil("document.querySelector('#alert') && document.activeElement && document.activeElement.id === 'alert-field-0'")
                #expect(try await page.evaluate("document.querySelector('#sheet .card').inert") as? Bool == true)
                try await page.type("swift")
                try await page.screenshot("compose-sheet-alert")
                _ = try await page.evaluate("document.querySelector('[data-alert-action=\"Post\"]').click()")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
            }
        }
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        let items = try report.completedItems()
        #expect(items.first?.attributedContentText?.string == "Tagged #swift")
    }
}
