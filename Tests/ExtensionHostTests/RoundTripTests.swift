import HostTestSupport
import AppExtensions
import ExtensionHost
import Foundation
import Testing

@Suite("Host round trips")
struct RoundTripTests {
    @Test("text, URL and file attachments reach the extension and its answer comes back", arguments: hostSandboxModes)
    func roundTrip(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("note.txt")
        try Data("hello from a file".utf8).write(to: file)
        let item = ExtensionItem()
        item.attributedTitle = NSAttributedString(string: "A title")
        item.attachments = [ItemProvider(item: .string("some text"), typeIdentifier: "public.plain-text"),
                            ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org"))), typeIdentifier: "public.url"),
                            try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("echo", sandbox: sandbox))
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
    func largeFile(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("big.bin")
        // A marker of this run's own at the start, another at the very end: the extension
        // must read both ends through what it was handed.
        let marker = "BIG-" + UUID().uuidString.prefix(12)
        let size: UInt64 = 1 << 30
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data(marker.utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: size - 4)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("TAIL".utf8))
        try handle.close()
        let original = try FileIdentity(path: file.path)
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("echo", sandbox: sandbox))
        let report = await host.run(fixture.installed, items: [item])
        let text = try #require(try await report.completedItems()[0].attachments?[0]
            .loadItem(forTypeIdentifier: "public.plain-text", as: String.self))
        #expect(text.contains("file big.bin \(size) bytes, starts \(String(marker.prefix(16)).debugDescription)"), "\(text)")
        #expect(text.contains("ends \"TAIL\""), "the extension did not read the last bytes: \(text)")
        // Read through a /proc/self/fd descriptor, and that descriptor is the host's file
        // itself (its device and inode), not a path to it or a copy of it.
        #expect(text.contains("via descriptor,"), "the extension was handed a path: \(text)")
        #expect(text.contains("file \(original.device):\(original.inode),"), "the extension read another file: \(text)")
        let resident = try #require(Self.number(after: "resident ", in: text), "no resident memory reading in \(text)")
        #expect(resident < 100, "the extension's resident memory with the 1 GiB file open: \(resident) MB")

        // Nothing was copied: not into the extension's data container or any app-group
        // container, and no other file of this size with this marker in the temporary
        // folders (the host's, which an unsandboxed extension shares as /tmp).
        for container in [fixture.installed.dataContainerURL] + fixture.installed.appGroupContainers.values.sorted(by: { $0.path < $1.path }) {
            #expect(try FileManager.default.subpathsOfDirectory(atPath: container.path).isEmpty, "\(container.path)")
        }
        let folders = Set([FileManager.default.temporaryDirectory.standardizedFileURL.path, "/tmp"])
        let copies = try folders.sorted().flatMap { try Self.copies(of: original, size: size, marker: marker, under: $0) }
        #expect(copies.isEmpty, "copies of the shared file: \(copies)")
    }

    /// The integer after `label` in `text`; `nil` when there is none (a reading the
    /// extension could not make shows as a word there).
    static func number(after label: String, in text: String) -> Int? {
        text.range(of: label).flatMap { Int(text[$0.upperBound...].prefix { $0.isNumber }) }
    }

    /// Regular files under `folder` other than `original` that have its size and begin with
    /// `marker`: copies of it.
    static func copies(of original: FileIdentity, size: UInt64, marker: String, under folder: String) throws -> [String] {
        // A folder that cannot be walked fails the test: "no copy" must mean it was looked for.
        let walk = try #require(FileManager.default.enumerator(at: URL(fileURLWithPath: folder),
                                                               includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
                                                               options: [], errorHandler: { _, _ in true }), "cannot walk \(folder)")
        var found: [String] = []
        for case let url as URL in walk {
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
                  values.isRegularFile == true, values.fileSize == Int(size),
                  let identity = try? FileIdentity(path: url.path), identity != original,
                  let handle = try? FileHandle(forReadingFrom: url) else { continue }
            defer { try? handle.close() }
            if let head = try? handle.read(upToCount: marker.utf8.count), head == Data(marker.utf8) { found.append(url.path) }
        }
        return found
    }

    @Test("an action extension hands back a modified file as a descriptor", arguments: hostSandboxModes)
    func modifiedFile(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let file = fixture.root.appendingPathComponent("draft.txt")
        try Data("make me loud".utf8).write(to: file)
        let item = ExtensionItem()
        item.attachments = [try #require(ItemProvider(contentsOf: file))]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("modify-file", sandbox: sandbox))
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
    func cancellation(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("cancel", sandbox: sandbox))
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
    func openURL(_ expectation: (url: String, opens: Bool), sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let (url, opens) = expectation
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string(url), typeIdentifier: "public.plain-text")]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("open-url", sandbox: sandbox))
        let report = await host.run(fixture.installed, items: [item])
        let text = try await report.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "opened: \(opens)")
        #expect(report.openedURLs.map(\.absoluteString) == (opens ? [url] : []))
    }
}

@Suite("Run control")
struct RunControlTests {
    @Test("host state changes reach the extension's context as notifications", arguments: hostSandboxModes)
    func hostState(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let control = ExtensionRunControl()
        var options = FixtureInstallation.options("await-background", sandbox: sandbox)
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
    func end(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("never-complete", sandbox: sandbox))
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

/// A file's device and inode, from stat(2): which file a path names.
struct FileIdentity: Equatable, CustomStringConvertible {
    let device: UInt64
    let inode: UInt64

    init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    var description: String { "\(device):\(inode)" }
}
