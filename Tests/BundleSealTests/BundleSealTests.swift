import BundleSeal
import Foundation
import Glibc
import Testing

/// A small bundle in a temporary folder: an Info.plist, an executable, a resource and a
/// symbolic link, under an app and one extension.
struct SealFixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("seal-\(UUID().uuidString)/Notes.app")
        try write("Info.plist", "<plist/>")
        try write("Notes", "#!/bin/sh\nexit 0\n")
        try write("PlugIns/Share.appex/Info.plist", "<plist><dict/></plist>")
        try write("PlugIns/Share.appex/Share", String(repeating: "x", count: 3 << 20))
        try write("Resources/a.txt", "a")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Current").path, withDestinationPath: "Resources")
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
}

@Suite("Bundle seals")
struct BundleSealTests {
    struct Change: CustomTestStringConvertible, Sendable {
        var name: String
        var apply: @Sendable (SealFixture) throws -> Void
        var expected: SealDifference
        var testDescription: String { name }
    }

    static let changes: [Change] = [
        Change(name: "nothing", apply: { _ in }, expected: SealDifference()),
        Change(name: "a file's content, same size", apply: { try $0.write("Resources/a.txt", "b") },
               expected: SealDifference(modified: ["Resources/a.txt"])),
        Change(name: "an executable truncated", apply: { f in
            try FileHandle(forWritingTo: f.root.appendingPathComponent("PlugIns/Share.appex/Share")).truncate(atOffset: 10)
        }, expected: SealDifference(modified: ["PlugIns/Share.appex/Share"])),
        Change(name: "a file added", apply: { try $0.write("PlugIns/Share.appex/extra.dylib", "x") },
               expected: SealDifference(added: ["PlugIns/Share.appex/extra.dylib"])),
        Change(name: "a folder deleted", apply: { f in
            try FileManager.default.removeItem(at: f.root.appendingPathComponent("PlugIns/Share.appex"))
        }, expected: SealDifference(missing: ["PlugIns/Share.appex/Info.plist", "PlugIns/Share.appex/Share"])),
        Change(name: "a symbolic link pointed elsewhere", apply: { f in
            let link = f.root.appendingPathComponent("Current").path
            try FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "PlugIns")
        }, expected: SealDifference(modified: ["Current"])),
        Change(name: "the embedded seal's folder is not part of the seal", apply: { try $0.write("_AppexSeal/other", "x") },
               expected: SealDifference()),
    ]

    @Test("a change to the bundle is found by full hashes, by path", arguments: changes)
    func difference(_ change: Change) throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        let seal = try BundleSeal.make(of: fixture.root)
        #expect(seal.files.map(\.path) == ["Current", "Info.plist", "Notes", "PlugIns/Share.appex/Info.plist", "PlugIns/Share.appex/Share", "Resources/a.txt"])
        try change.apply(fixture)
        #expect(try seal.difference(from: fixture.root) == change.expected)
    }

    @Test("the seal a bundle carries reads back as written, without fingerprints")
    func embedded() throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        #expect(try BundleSeal.embedded(in: fixture.root) == nil)
        let seal = try BundleSeal.make(of: fixture.root)
        try seal.embed(in: fixture.root)
        let read = try #require(try BundleSeal.embedded(in: fixture.root))
        #expect(read.files.map(\.path) == seal.files.map(\.path))
        #expect(read.files.map(\.sha256) == seal.files.map(\.sha256))
        #expect(read.files.allSatisfy { $0.fingerprint == nil })
        #expect(try read.difference(from: fixture.root).isEmpty)
        try fixture.write(BundleSeal.embeddedPath, "garbage<")
        #expect(throws: BundleSealError.self) { try BundleSeal.embedded(in: fixture.root) }
    }

    @Test("an unreadable file is an error naming it")
    func unreadable() throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        let fifo = fixture.root.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = try #require(throws: BundleSealError.self) { try BundleSeal.make(of: fixture.root) }
        #expect(error.message.contains(fifo))
    }

    struct LaunchCase: CustomTestStringConvertible, Sendable {
        var name: String
        var apply: @Sendable (SealFixture) throws -> Void
        var expected: LaunchSeal.Mismatch?
        var testDescription: String { name }
    }

    static let launches: [LaunchCase] = [
        LaunchCase(name: "untouched", apply: { _ in }, expected: nil),
        LaunchCase(name: "touched, same content (hashed again, accepted)", apply: { f in
            let path = f.root.appendingPathComponent("PlugIns/Share.appex/Share").path
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1000)], ofItemAtPath: path)
        }, expected: nil),
        LaunchCase(name: "the executable replaced by another program", apply: { f in
            let path = f.root.appendingPathComponent("PlugIns/Share.appex/Share")
            let other = f.root.appendingPathComponent("other")
            try Data(String(repeating: "y", count: 3 << 20).utf8).write(to: other)
            #expect(rename(other.path, path.path) == 0)
        }, expected: LaunchSeal.Mismatch(path: "PlugIns/Share.appex/Share", isMissing: false)),
        LaunchCase(name: "the Info.plist rewritten in place, same size", apply: { try $0.write("PlugIns/Share.appex/Info.plist", "<plist><arra/></plist>") },
                   expected: LaunchSeal.Mismatch(path: "PlugIns/Share.appex/Info.plist", isMissing: false)),
        LaunchCase(name: "the executable deleted", apply: { f in
            try FileManager.default.removeItem(at: f.root.appendingPathComponent("PlugIns/Share.appex/Share"))
        }, expected: LaunchSeal.Mismatch(path: "PlugIns/Share.appex/Share", isMissing: true)),
        LaunchCase(name: "a resource changed (not a launch file)", apply: { try $0.write("Resources/a.txt", "b") }, expected: nil),
    ]

    @Test("the launch check finds a changed launch file and passes a touched one", arguments: launches)
    func launch(_ launch: LaunchCase) throws {
        let fixture = try SealFixture()
        defer { fixture.remove() }
        let seal = try BundleSeal.make(of: fixture.root)
        let files = seal.files.filter { ["PlugIns/Share.appex/Info.plist", "PlugIns/Share.appex/Share"].contains($0.path) }
        let check = LaunchSeal(bundleRoot: fixture.root, files: files)
        #expect(files.allSatisfy { $0.fingerprint != nil })
        try launch.apply(fixture)
        #expect(check.check() == launch.expected)
    }
}
