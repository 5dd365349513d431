import ExtensionHost
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// The web share sheet in real headless Chromium: the list, the reasons, reordering,
/// choosing, the compose sheet (typing, a configuration item, a choice, Post) and the
/// outcome, with a screenshot of each state.
@Suite("Web share sheet in Chromium", .serialized)
struct WebShareSheetTests {
    @Test("a person shares text: the list, why not the others, reordering, the compose sheet, Post, the outcome")
    func shareThroughTheSheet() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let (ending, texts) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                var texts: [String] = []
                // The list: what is shared, the eligible extensions in order, the others a click away.
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                texts.append(try await page.text())
                try await page.screenshot("share-sheet")
                _ = try await page.evaluate("document.querySelector('#why summary').click()")
                try await page.waitUntil("document.querySelector('#why').open")
                texts.append(try await page.text())
                try await page.screenshot("share-sheet-why-not")

                // Reordering: Journal moves before Post to Notes; the host stores it.
                _ = try await page.evaluate("document.querySelector('[aria-label=\"Move Post to Notes later\"]').click()")
                try await page.waitUntil("document.querySelector('.app span').textContent === 'Journal'")

                // Choose Post to Notes: its compose sheet, Post disabled while empty.
                _ = try await page.evaluate("document.querySelector('.app[data-id=\"com.example.notes.Post\"]').click()")
                try await page.waitUntil("document.querySelector('#text') && document.querySelector('#post').disabled")
                try await page.waitUntil("document.activeElement && document.activeElement.id === 'text'")
                try await page.type("分享 Swift")
                try await page.waitUntil("document.querySelector('#counter').textContent === '2' && !document.querySelector('#post').disabled")
                try await page.screenshot("compose-sheet")

                // Over the limit: the counter goes negative and Post is disabled again.
                try await page.type(" on Linux")
                try await page.waitUntil("document.querySelector('#counter').classList.contains('over') && document.querySelector('#post').disabled")
                // What was typed stays in order: a state arriving mid-typing does not move the caret.
                #expect(try await page.evaluate("document.querySelector('#text').value") as? String == "分享 Swift on Linux")
                try await page.screenshot("compose-sheet-over-limit")
                _ = try await page.evaluate("(() => { const t = document.querySelector('#text'); t.value = 'Hi Swift'; t.dispatchEvent(new Event('input')); })()")
                try await page.waitUntil("document.querySelector('#counter').textContent === '2'")

                // The configuration item pushes its picker; a choice comes back as its value.
                _ = try await page.evaluate("document.querySelector('[data-item=\"Audience\"]').click()")
                try await page.waitUntil("document.querySelector('.choices') !== null")
                try await page.screenshot("compose-sheet-picker")
                _ = try await page.evaluate("document.querySelectorAll('.choices button')[1].click()")
                try await page.waitUntil("document.querySelector('[data-item=\"Audience\"]') && document.querySelector('[data-item=\"Audience\"]').textContent.includes('Friends')")

                // Post: the outcome, with what the extension returned.
                _ = try await page.evaluate("document.querySelector('#post').click()")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                texts.append(try await page.text())
                try await page.screenshot("share-outcome")
                return texts
            }
        }
        let list = try #require(texts.first)
        #expect(list.contains("Swift on Linux, shared from a web sheet"))
        #expect(list.contains("Post to Notes") && list.contains("Journal"))
        #expect(!list.contains("Photo Frame"), "a left-out extension is not offered")
        let reasons = try #require(texts.dropFirst().first)
        #expect(reasons.contains("Photo Frame"))
        #expect(reasons.contains("NSExtensionActivationSupportsText is absent"), "the reason says why: \(reasons)")
        #expect(fixture.stored.withLock { $0 } == [["com.example.journal.Share", "com.example.notes.Post"]])
        let outcome = try #require(texts.last)
        #expect(outcome.contains("Post to Notes completed"))
        #expect(outcome.contains("Hi Swift (to Friends)"))
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        let items = try report.completedItems()
        #expect(items.first?.attributedContentText?.string == "Hi Swift (to Friends)")
    }

    @Test("the keyboard alone, at phone width: Tab to an extension, Enter, type, Escape cancels")
    func keyboardAtPhoneWidth() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let (ending, text) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url, width: 375, height: 700)
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                try await page.screenshot("share-sheet-phone")
                // Tab from the start of the page reaches the first extension's button.
                try await page.press("Tab")
                try await page.waitUntil("document.activeElement && document.activeElement.classList.contains('app')")
                try await page.press("Enter")
                try await page.waitUntil("document.activeElement && document.activeElement.id === 'text'")
                try await page.type("hello")
                try await page.waitUntil("!document.querySelector('#post').disabled")
                try await page.screenshot("compose-sheet-phone")
                try await page.press("Escape")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                return try await page.text()
            }
        }
        #expect(text.contains("was cancelled"))
        #expect(text.contains("You cancelled."))
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        #expect { try report.completedItems() } throws: { ($0 as NSError).code == 3072 && ($0 as NSError).domain == NSCocoaErrorDomain }
    }
}
