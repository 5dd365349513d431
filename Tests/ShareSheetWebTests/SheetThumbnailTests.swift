import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// Shared images appear with thumbnails made by libvips, served under the share's secret.
@Suite("Web share sheet thumbnails", .serialized)
struct SheetThumbnailTests {
    /// A 240×160 PNG: a sun over a green field (made once with Python's zlib).
    static let picture = "iVBORw0KGgoAAAANSUhEUgAAAPAAAACgCAIAAAC9uXYyAAACM0lEQVR42u3csQ0CMRBFQVdCCdRCRjkUQELHR8wFIJH57Uivgv2T2uvyOqRMywkEtAS0BLQEtICWgJaAloCWgBbQEtAS0BLQEtACWgJaAloCWgJaQEtAS0BLQEtAC2gJaAloCWgJaAGtnx2P2385HdDbI4Yb6CxiuIGOU8Ya6CBlrIEOUsYa6CBlrIEOUsYa6KZmpoGuaWYa6BRlrIFuamYa6JpmpoGuaWYa6JpmphfNTANNM9NA08w00DQzDTTQQNPMNNA0Mw00zUwDDTTQQNM80DTQQANNM9NAAw000DQzDTTQQNPMNNBAAw00zUwDDTTQQAMNNNBAA00z00ADDTTQQAMNtICmmWmggQYaaKCBBhpooIEW0EADDTTQQAMNNNBAAw000AIaaKCBBhpooIEGGmiggQZaQAMNNNBAAw000EADDTTQ3hTSDDTQQAMNNNBAAw000Ez72w5ooIEGGmiggQYaaKZpBhpooJmmGWiggQaaaZqBBhpooJmepRlooIFmmmaggQYaaKZpBprpwZongp5metq4QAMNNNM0A800zUAzTTPQ401PHnQ66J7p4WsCnTJtSqA7po0IdMe0+YCOsDbZB+jr865TG2k21imgNzZtJqAjrE0DdIS1OYCOsDYB0BHWzg50hLVTA709bicFenvcTge0BLSAloCWgJaAloAW0BLQEtAS0BLQAloCWgJaAlpAu4KAloCWgJaAFtAS0BLQEtAS0AJaAloCWgJa+t4bsWDUyn95Qq4AAAAASUVORK5CYII="

    @Test("an image file is shown by its thumbnail (libvips, at most 192 px), with its name")
    func thumbnail() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-thumb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sunset.png")
        try #require(Data(base64Encoded: Self.picture)).write(to: file)
        let provider = try #require(ItemProvider(contentsOf: file))
        let item = ExtensionItem()
        item.attachments = [provider]
        let fixture = try SheetFixture(items: [item])
        defer { fixture.remove() }
        let (ending, sizes) = try await fixture.withSheet { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                // The element comes with the share (a DOM change); its pixels when decoded.
                try await page.waitUntil("document.querySelector('.items img') !== null")
                _ = try await page.evaluate("document.querySelector('.items img').decode().then(() => true)")
                try await page.screenshot("share-sheet-image")
                let sizes = try await page.evaluate("(() => { const i = document.querySelector('.items img'); return [i.naturalWidth, i.naturalHeight, document.querySelector('.items .name').textContent]; })()") as? [Any]
                _ = try await page.evaluate("document.querySelector('#dismiss').click()")
                try await page.waitUntil("document.querySelector('#closed') !== null")
                return sizes.map { "\($0)" } ?? ""
            }
        }
        #expect(sizes.contains("192"), "the longer side is 192: \(sizes)")
        #expect(sizes.contains("128"), "the aspect is kept (240×160 → 192×128): \(sizes)")
        #expect(sizes.contains("Sunset.png"))
        #expect(ending.isDismissed)
    }
}
