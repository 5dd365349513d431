import HostTestSupport
import AppExtensions
import ExtensionHost
import ExtensionManifest
import Foundation
import Testing

@Suite("Resolution")
struct ResolutionTests {
    @Test("eligible extensions in the user's order; the others with their reason")
    func resolves() async throws {
        let text = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.fixture.Text",
                                                rule: ["NSExtensionActivationSupportsText": true])
        let images = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.fixture.Images",
                                                  rule: ["NSExtensionActivationSupportsImageWithMaxCount": 3])
        let off = try FixtureInstallation.make(point: ExtensionPoint.share, identifier: "com.example.fixture.Off",
                                               rule: ["NSExtensionActivationSupportsText": true])
        let action = try FixtureInstallation.make(point: ExtensionPoint.action, identifier: "com.example.fixture.Action")
        defer { [text, images, off, action].forEach { $0.remove() } }
        var disabled = off.installed
        disabled.isEnabled = false
        let host = ExtensionHost(catalog: FixedCatalog([images.installed, disabled, text.installed, action.installed]))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]

        let resolution = try await host.resolve([item], point: ExtensionPoint.share)
        #expect(resolution.eligible.map(\.identifier) == ["com.example.fixture.Text"])
        #expect(resolution.excluded.map(\.installed.identifier) == ["com.example.fixture.Images", "com.example.fixture.Off"])
        #expect(resolution.excluded[0].reason.contains("NSExtensionActivationSupportsImageWithMaxCount") ||
                resolution.excluded[0].reason.lowercased().contains("text"), "\(resolution.excluded[0].reason)")
        #expect(resolution.excluded[0].decision != nil)
        #expect(resolution.excluded[1].reason.hasPrefix("disabled by the user"))
        #expect(resolution.decisions["com.example.fixture.Text"]?.isEligible == true)

        // The host leaves one out (excludedActivityTypes): it moves to the others, first, with that reason.
        let hosted = resolution.excluding(["com.example.fixture.Text", "com.example.nothing"])
        #expect(hosted.eligible.isEmpty)
        #expect(hosted.excluded.map(\.installed.identifier) == ["com.example.fixture.Text", "com.example.fixture.Images", "com.example.fixture.Off"])
        #expect(hosted.excluded[0].reason.hasPrefix("excluded by the host"))
        #expect(hosted.decisions["com.example.fixture.Text"] == nil)
        #expect(resolution.excluding([]).eligible.map(\.identifier) == ["com.example.fixture.Text"])
    }

    @Test("a web URL's value reaches the activation rule (web pages need the scheme)")
    func urlValue() async throws {
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org"))), typeIdentifier: "public.url")]
        let payload = await ExtensionHost.activationPayload(for: [item])
        #expect(payload.attachments.map(\.url) == ["https://www.swift.org"])
        #expect(payload.attachments.map(\.registeredTypeIdentifiers) == [["public.url"]])
    }
}
