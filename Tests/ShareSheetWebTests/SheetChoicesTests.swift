import AppexSystem
import ExtensionHost
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// The person's switches, the bundles' own icons and the host's own actions (the CLI's
/// Copy and Save to folder…) in the web sheet, in real headless Chromium.
@Suite("Web share sheet: switches, icons, host actions", .serialized)
struct SheetChoicesTests {
    @Test("an extension's own icon file is shown; switching one off and on moves it and stores the switch")
    func switchesAndIcons() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let (ending, seen) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                let iconType = { (id: String) in
                    "fetch(document.querySelector('.app[data-id=\"\(id)\"] img').src).then(r => r.headers.get('content-type'))"
                }
                let journal = try await page.evaluate(iconType("com.example.journal.Share")) as? String
                let notes = try await page.evaluate(iconType("com.example.notes.Post")) as? String
                _ = try await page.evaluate("document.querySelector('#edit').click()")
                try await page.waitUntil("document.querySelectorAll('[data-switch]').length === 2")
                try await page.screenshot("share-sheet-edit")
                // Off: Post to Notes leaves the offered ones for the reasons.
                _ = try await page.evaluate("document.querySelector('[data-switch=\"com.example.notes.Post\"]').click()")
                try await page.waitUntil("document.querySelector('#why summary') && document.querySelector('#why summary').textContent.includes('(2)')")
                _ = try await page.evaluate("document.querySelector('#edit').click()")
                try await page.waitUntil("document.querySelectorAll('.app').length === 1")
                _ = try await page.evaluate("document.querySelector('#why summary').click()")
                let reasons = try await page.text()
                // On again: it is offered once more, its switch on.
                _ = try await page.evaluate("document.querySelector('#edit').click()")
                try await page.waitUntil("document.querySelector('[data-switch=\"com.example.notes.Post\"]') && !document.querySelector('[data-switch=\"com.example.notes.Post\"]').checked")
                _ = try await page.evaluate("document.querySelector('[data-switch=\"com.example.notes.Post\"]').click()")
                try await page.waitUntil("document.querySelector('[data-switch=\"com.example.notes.Post\"]').checked && document.querySelector('#why summary').textContent.includes('(1)')")
                _ = try await page.evaluate("document.querySelector('#edit').click()")
                try await page.waitUntil("document.querySelectorAll('.app').length === 2")
                _ = try await page.evaluate("document.querySelector('#dismiss').click()")
                return (journal, notes, reasons)
            }
        }
        #expect(seen.0 == "image/png", "Journal's own icon file, made a PNG by libvips")
        #expect(seen.1 == "image/svg+xml", "no icon file: a monogram")
        #expect(seen.2.contains("Post to Notes") && seen.2.contains("disabled by the user"), "the reason says it is switched off: \(seen.2)")
        #expect(fixture.switches.withLock { $0 } == ["com.example.notes.Post false", "com.example.notes.Post true"])
        #expect(ending.isDismissed)
        #expect(ending.completion.activityType == nil && !ending.completion.completed)
    }

    @Test("Save to folder… asks for the folder, saves without replacing, and reports it as the completion")
    func saveToFolder() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let activities = await ShareActivities.standard(environment: ["HOME": folder.path])
        let (ending, text) = try await fixture.withSheet(activities: activities) { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('[data-activity]').length === 2")
                try await page.screenshot("share-sheet-actions")
                _ = try await page.evaluate("document.querySelector('[data-activity=\"appex.save-to-folder\"]').click()")
                try await page.waitUntil("document.activeElement && document.activeElement.id === 'folder'")
                // Escape goes back to the list; choosing again asks again.
                try await page.press("Escape")
                try await page.waitUntil("document.querySelectorAll('[data-activity]').length === 2")
                _ = try await page.evaluate("document.querySelector('[data-activity=\"appex.save-to-folder\"]').click()")
                try await page.waitUntil("document.activeElement && document.activeElement.id === 'folder'")
                let suggested = try await page.evaluate("document.querySelector('#folder').value") as? String
                try await page.screenshot("share-sheet-save-folder")
                _ = try await page.evaluate("document.querySelector('#folder').select()")
                try await page.type(folder.path)
                try await page.press("Enter")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                return (suggested, try await page.text())
            }
        }
        #expect(text.0 == folder.path, "the suggested folder is the download folder, here HOME")
        #expect(text.1.contains("Save to folder… completed") && text.1.contains("Saved 1 file to \(folder.path)"), "\(text.1)")
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(saved.count == 1)
        let contents = try String(contentsOf: folder.appendingPathComponent(try #require(saved.first)), encoding: .utf8)
        #expect(contents.contains("Swift on Linux, shared from a web sheet"))
        #expect(ending.completion.activityType == ShareActivities.saveToFolderType)
        #expect(ending.completion.completed)
        #expect(ending.completion.returnedItems.flatMap { $0.attachments ?? [] }.count == 1)
    }

    @Test("Copy puts the shared text on the page's clipboard and completes")
    func copyToClipboard() async throws {
        let fixture = try SheetFixture()
        defer { fixture.remove() }
        let activities = await ShareActivities.standard(environment: [:])
        let (ending, clipboard) = try await fixture.withSheet(activities: activities) { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                _ = try await browser.devTools.send("Browser.grantPermissions", [
                    "origin": "\(url.scheme ?? "http")://\(url.host ?? "127.0.0.1"):\(url.port ?? 0)",
                    "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
                ])
                try await page.waitUntil("document.querySelectorAll('[data-activity]').length === 2")
                _ = try await page.evaluate("document.querySelector('[data-activity=\"appex.copy\"]').click()")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                return try await page.evaluate("navigator.clipboard.readText()") as? String
            }
        }
        #expect(clipboard == "Swift on Linux, shared from a web sheet")
        #expect(ending.completion.activityType == ShareActivities.copyType)
        #expect(ending.completion.completed, "\(ending.completion.activityError ?? "")")
    }
}
