import AppexSystem
import AppExtensions
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// The page's icons are inline SVG, drawn in the text's colour, never a font's glyph: on a
/// machine without an emoji font (this one has none) a glyph such as 🔗 was an empty box.
@Suite("Web share sheet icons", .serialized)
struct SheetIconTests {
    @Test("a text, a link and a file, and the host's Copy and Save to folder…: each icon an SVG with no text in it")
    func inlineIcons() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Minutes.pdf")
        try Data("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n".utf8).write(to: file)
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: "Swift on Linux", typeIdentifier: "public.plain-text"),
                            ItemProvider(item: try #require(URL(string: "https://www.swift.org/")), typeIdentifier: "public.url"),
                            try #require(ItemProvider(contentsOf: file))]
        let fixture = try SheetFixture(items: [item])
        defer { fixture.remove() }
        let activities = await ShareActivities.standard(environment: ["HOME": folder.path])
        let (ending, found) = try await fixture.withSheet(activities: activities) { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.items li').length === 3 && document.querySelectorAll('.glyph').length === 2")
                try await page.screenshot("share-sheet-kinds")
                // Each mark: the SVG's class, and the text beside it (none: no glyph).
                let marks = try await page.evaluate("""
                    [...document.querySelectorAll('.items .kind, .glyph')].map(m => (m.querySelector('svg') ? m.querySelector('svg').getAttribute('class') : 'no svg') + '|' + m.textContent)
                    """) as? [String]
                _ = try await page.evaluate("document.querySelector('#dismiss').click()")
                try await page.waitUntil("document.querySelector('#closed') !== null")
                return marks ?? []
            }
        }
        #expect(found == ["icon icon-text|", "icon icon-url|", "icon icon-file|", "icon icon-copy|", "icon icon-save|"])
        #expect(ending.isDismissed)
    }
}
