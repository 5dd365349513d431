import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import HostTestSupport
import ShareSheetWeb
import Synchronization
import Testing

/// A share for the web sheet's tests: text shared with three installed extensions — two
/// whose compose sheet takes text (the fixture's `compose` behaviour), one for images only,
/// left out — and the sheet served while a test drives it.
final class SheetFixture: Sendable {
    let installations: [FixtureInstallation]
    let host: ExtensionHost
    let items: [ExtensionItem]
    let stored = Mutex<[[String]]>([])
    /// The switches the sheet stored, as "id true|false".
    let switches = Mutex<[String]>([])

    /// `behavior` is the fixture's (docs: FixtureBehavior): `compose` by default,
    /// `view-controller` for its own view controller, `compose-alert` for a sheet with an alert.
    init(sandbox: SandboxMode = preferredSandboxMode, items: [ExtensionItem]? = nil, behavior: String = "compose") throws {
        let text: [String: Any] = ["NSExtensionActivationSupportsText": true]
        installations = [
            try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.notes.Post", displayName: "Post to Notes", rule: text),
            try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.journal.Share", displayName: "Journal",
                                         bundleFiles: ["Icon.svg": Self.journalIcon], extraInfo: ["CFBundleIconFile": "Icon"], rule: text),
            try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.frames.Share", displayName: "Photo Frame",
                                         rule: ["NSExtensionActivationSupportsImageWithMaxCount": 4]),
        ]
        host = ExtensionHost(catalog: FixedCatalog(installations.map(\.installed)),
                             options: FixtureInstallation.options(behavior, sandbox: sandbox))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("Swift on Linux, shared from a web sheet"), typeIdentifier: "public.plain-text")]
        self.items = items ?? [item]
    }

    /// Serves the sheet and runs `drive` with its URL; returns how the share ended and what
    /// `drive` returned. The sheet's server is shut down before this returns.
    func withSheet<T: Sendable>(activities: [ShareActivity] = [],
                                _ drive: @escaping @Sendable (URL) async throws -> T) async throws -> (WebShareSheet.Ending, T) {
        let resolution = try await host.resolve(items, point: ExtensionPoint.share)
        let sheet = WebShareSheet(host: host, resolution: resolution, items: items, activities: activities,
                                  setEnabled: { [self] id, enabled in self.switches.withLock { $0.append("\(id) \(enabled)") } },
                                  reorder: { [self] ids in self.stored.withLock { $0.append(ids) } })
        return try await Self.serve(sheet, drive)
    }

    /// Serves `sheet` and runs `drive` with its URL; returns how the share ended and what
    /// `drive` returned, once the sheet's server is shut down.
    static func serve<T: Sendable>(_ sheet: WebShareSheet, _ drive: @escaping @Sendable (URL) async throws -> T) async throws -> (WebShareSheet.Ending, T) {
        let (urls, urlSink) = AsyncStream.makeStream(of: URL.self)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            let ending = Mutex<WebShareSheet.Ending?>(nil)
            group.addTask {
                let ended = try await sheet.run { url in urlSink.yield(url) }
                ending.withLock { $0 = ended }
                urlSink.finish()
            }
            var iterator = urls.makeAsyncIterator()
            let url = try #require(await iterator.next(), "the sheet's server did not start")
            let result = try await drive(url)
            try await group.waitForAll()
            let ended = ending.withLock { $0 }
            return (try #require(ended, "the sheet ended without an ending"), result)
        }
    }

    /// Journal's own icon file (an orange circle; made a PNG by libvips for the sheet).
    static let journalIcon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#e85d04"/><circle cx="32" cy="32" r="16" fill="#fff"/></svg>"##

    func remove() {
        installations.forEach { $0.remove() }
    }
}
