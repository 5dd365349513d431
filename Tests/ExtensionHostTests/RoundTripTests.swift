import HostTestSupport
import AppExtensions
import ExtensionHost
import Foundation
import Testing

@Suite("Host round trips")
struct RoundTripTests {
    @Test("text, URL and file attachments reach the extension and its answer comes back", arguments: hostSandboxModes)
    func roundTrip(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("note.txt")
        try Data("hello from a file".utf8).write(to: file)
        let item = ExtensionItem()
        item.attributedTitle = AttributedString("A title")
        item.attachments = [ItemProvider(item: .string("some text"), typeIdentifier: "public.plain-text"),
                            ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org"))), typeIdentifier: "public.url"),
                            try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("echo", sandboxed: sandboxed))
        let report = await host.run(fixture.installed, items: [item])
        let items = try report.completedItems()
        let text = try await items[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        let lines = try #require(text).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "title: A title")
        #expect(lines[1] == "public.plain-text: text some text")
        #expect(lines[2] == "public.url: url https://www.swift.org")
        #expect(lines[3].hasPrefix("public.plain-text: file note.txt 17 bytes, starts \"hello from a fil\""))
        #expect(report.ending == .exited(code: 0))
    }

    @Test("a 1 GiB file reaches the extension as a descriptor, not a copy", arguments: hostSandboxModes)
    func largeFile(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("big.bin")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("BIGFILE".utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("echo", sandboxed: sandboxed))
        let report = await host.run(fixture.installed, items: [item])
        let text = try #require(try await report.completedItems()[0].attachments?[0]
            .loadItem(forTypeIdentifier: "public.plain-text", as: String.self))
        #expect(text.contains("file big.bin 1073741824 bytes, starts \"BIGFILE"))
        let resident = try #require(text.split(separator: " ").last(where: { Int($0) != nil }).flatMap { Int($0) })
        #expect(resident < 100, "the extension's resident memory with the 1 GiB file open: \(resident) MB")
        // Nothing was copied into the extension's containers or the host's temporary folder.
        #expect(try FileManager.default.subpathsOfDirectory(atPath: fixture.installed.dataContainerURL.path).isEmpty)
    }

    @Test("an action extension hands back a modified file as a descriptor", arguments: hostSandboxModes)
    func modifiedFile(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("draft.txt")
        try Data("make me loud".utf8).write(to: file)
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("modify-file", sandboxed: sandboxed))
        let report = await host.run(fixture.installed, items: [item])
        let provider = try #require(try report.completedItems().first?.attachments?.first)
        #expect(provider.suggestedName == "modified-draft.txt")
        let text = try await provider.loadFileRepresentation(forTypeIdentifier: "public.plain-text") { url in
            try String(contentsOf: url, encoding: .utf8)
        }
        #expect(text == "MAKE ME LOUD")
        #expect(try String(contentsOf: file, encoding: .utf8) == "make me loud")
    }

    @Test("a cancellation arrives with the extension's error", arguments: hostSandboxModes)
    func cancellation(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("cancel", sandboxed: sandboxed))
        let report = await host.run(fixture.installed, items: [ExtensionItem()])
        guard case .cancelled(let error) = report.outcome else {
            Issue.record("expected a cancellation, got \(report.outcome)")
            return
        }
        #expect(error.domain == "FixtureErrorDomain")
        #expect(error.code == 42)
        #expect(error.localizedDescription == "the fixture said no")
    }

    @Test("open(URL) reaches the host for the containing app's scheme only",
          arguments: [("fixture://note/1", true), ("https://example.com", false)], hostSandboxModes)
    func openURL(_ expectation: (url: String, opens: Bool), sandboxed: Bool) async throws {
        let (url, opens) = expectation
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string(url), typeIdentifier: "public.plain-text")]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("open-url", sandboxed: sandboxed))
        let report = await host.run(fixture.installed, items: [item])
        let text = try await report.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "opened: \(opens)")
        #expect(report.openedURLs.map(\.absoluteString) == (opens ? [url] : []))
    }
}

@Suite("Run control")
struct RunControlTests {
    @Test("host state changes reach the extension's context as notifications", arguments: hostSandboxModes)
    func hostState(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let control = ExtensionRunControl()
        var options = FixtureInstallation.options("await-background", sandboxed: sandboxed)
        // The extension opens fixture://ready once it observes the notification.
        options.openURL = { _ in
            control.hostStateDidChange(.didEnterBackground)
            return true
        }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
        let report = await host.run(fixture.installed, items: [ExtensionItem()], control: control)
        let text = try await report.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "the host entered the background")
    }

    @Test("the host can end a request; the extension is terminated and the run says so", arguments: hostSandboxModes)
    func end(sandboxed: Bool) async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("never-complete", sandboxed: sandboxed))
        let control = ExtensionRunControl()
        control.end()
        let report = await host.run(fixture.installed, items: [ExtensionItem()], control: control)
        guard case .failed(let error) = report.outcome else {
            Issue.record("expected the run to end, got \(report.outcome)")
            return
        }
        #expect(error.code == .endedByHost)
        #expect(report.ending != nil)
    }
}
