import AppExtensions
import AppGroups
import ExtensionHost
import ExtensionManifest
import ExtensionRegistry
import Foundation
import HostTestSupport
import ShareSheetWeb
import Testing

/// Seed 003's custom share UI, as the Notes example ships it (Post Photos): built with
/// `appex bundle`'s builder, installed in a fresh home, and driven in headless Chromium —
/// the shared image in its own page, a caption typed, Post, and the post in the Notes
/// app group's inbox.
@Suite("Post Photos (seed 003) in Chromium", .serialized)
struct PostPhotosExampleTests {
    @Test("the photos and a caption, posted from the extension's own page into the app group's inbox")
    func postPhotos() async throws {
        let home = AppexHome(root: FileManager.default.temporaryDirectory.appendingPathComponent("appex-photos-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: home.root) }
        let products = try #require(FixtureInstallation.fixtureExecutable()).deletingLastPathComponent()
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Notes/Bundle")
        let app = home.root.appendingPathComponent("Notes.app")
        try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
        _ = try BundleBuilder(source: source, products: products).build(to: app)
        let registry = try ExtensionRegistry(home: home)
        _ = try registry.install(appAt: app)
        let host = ExtensionHost(catalog: registry, options: preferredSandboxMode.options())

        let folder = home.root.appendingPathComponent("Pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let picture = folder.appendingPathComponent("Sunset.png")
        try #require(Data(base64Encoded: SheetThumbnailTests.picture)).write(to: picture)
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: picture))]
        let resolution = try await host.resolve([item], point: ExtensionPoint.share)
        #expect(resolution.eligible.map(\.identifier) == ["com.example.notes.PostPhotos"])
        let sheet = WebShareSheet(host: host, resolution: resolution, items: [item])

        let (ending, seen) = try await SheetFixture.serve(sheet) { url in
            try await ChromiumBrowser.with { browser in
                let page = try await browser.open(url)
                try await page.waitUntil("document.querySelectorAll('.app').length === 1")
                let icon = try await page.evaluate("fetch(document.querySelector('.app img').src).then(r => r.headers.get('content-type'))") as? String
                _ = try await page.evaluate("document.querySelector('.app').click()")
                try await page.waitUntil("document.querySelector('iframe#interface[data-ready]') !== null")
                let frame = try await page.frame(containing: "/x/", once: "document.body.dataset.photos === '1' && document.activeElement.id === 'caption'")
                _ = try await frame.evaluate("document.querySelector('#photos img').decode().then(() => true)")
                try await page.type("傍晚的太阳")
                try await page.screenshot("custom-interface")
                // 发布 (Post) sits in the page's header, before the caption.
                _ = try await frame.evaluate("document.getElementById('post').click()")
                try await page.waitUntil("document.querySelector('#outcome') !== null")
                try await page.screenshot("custom-interface-outcome")
                return (icon, try await page.text())
            }
        }
        #expect(seen.0 == "image/png", "the bundle's own icon (Resources/Icon.svg), made a PNG")
        #expect(seen.1.contains("Post Photos completed"))
        let report = try #require(ending.report, "expected the run's report, got \(ending)")
        let returned = try #require(try report.completedItems().first?.attributedContentText?.string)
        #expect(returned == "傍晚的太阳 (1 photo)")
        let container = try #require(registry.installedExtensions().first { $0.identifier == "com.example.notes.PostPhotos" }?
            .appGroupContainers["group.com.example.notes"])
        let inbox = try ShareInbox(containerURL: container)
        let lease = try #require(try inbox.lease(), "the post is in the Notes inbox")
        #expect(lease.share.text == "傍晚的太阳")
        #expect(lease.share.sourceExtensionIdentifier == "com.example.notes.PostPhotos")
        #expect(lease.share.attachments.map(\.typeIdentifier) == ["public.png"])
        #expect(lease.share.attachments.first?.suggestedName == "Sunset.png")
    }
}
