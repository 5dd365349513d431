import BundleSeal
import Foundation
import Glibc
import Testing

/// A long-lived host's shares trust the last look at the launch files while their watch is
/// quiet (docs/REGISTRY.md, "What a share reads"): every way of changing a watched file, or
/// a folder on the way to it, must wake the watch, and nothing else may.
@Suite("File change watch")
struct FileChangeWatchTests {
    struct Change: CustomTestStringConvertible, Sendable {
        var name: String
        /// Changes the app below `root` (`root/App.app/PlugIns/Share.appex/{Info.plist,share}`).
        var apply: @Sendable (_ root: URL) throws -> Void
        var testDescription: String { name }
    }

    static func file(_ root: URL, _ path: String) -> URL { root.appendingPathComponent(path) }

    static let changes: [Change] = [
        Change(name: "a file rewritten in place, same size") { root in
            let handle = try FileHandle(forWritingTo: file(root, "App.app/PlugIns/Share.appex/share"))
            try handle.write(contentsOf: Data("X".utf8))
            try handle.close()
        },
        Change(name: "a file truncated") { root in
            #expect(truncate(file(root, "App.app/PlugIns/Share.appex/share").path, 1) == 0)
        },
        Change(name: "a file's mode changed") { root in
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file(root, "App.app/PlugIns/Share.appex/share").path)
        },
        Change(name: "a file touched") { root in
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1)],
                                                  ofItemAtPath: file(root, "App.app/PlugIns/Share.appex/Info.plist").path)
        },
        Change(name: "a file replaced by a rename") { root in
            let other = file(root, "elsewhere")
            try Data("other".utf8).write(to: other)
            #expect(rename(other.path, file(root, "App.app/PlugIns/Share.appex/share").path) == 0)
        },
        Change(name: "a file deleted") { root in
            try FileManager.default.removeItem(at: file(root, "App.app/PlugIns/Share.appex/Info.plist"))
        },
        Change(name: "a file written through a hard link in an unwatched folder") { root in
            let link = file(root, "link")
            #expect(Glibc.link(file(root, "App.app/PlugIns/Share.appex/share").path, link.path) == 0)
            let handle = try FileHandle(forWritingTo: link)
            try handle.write(contentsOf: Data("Y".utf8))
            try handle.close()
        },
        Change(name: "a file added beside the watched ones") { root in
            try Data("new".utf8).write(to: file(root, "App.app/PlugIns/Share.appex/added"))
        },
        Change(name: "a folder on the way renamed and put back with other contents") { root in
            try FileManager.default.moveItem(at: file(root, "App.app/PlugIns"), to: file(root, "PlugIns.old"))
            try FileManager.default.createDirectory(at: file(root, "App.app/PlugIns/Share.appex"), withIntermediateDirectories: true)
        },
        Change(name: "the app's folder renamed") { root in
            try FileManager.default.moveItem(at: file(root, "App.app"), to: file(root, "Other.app"))
        },
    ]

    /// A temporary root holding the app, removed afterwards.
    static func withApp(_ body: (URL, [String]) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("change-watch-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = file(root, "App.app/PlugIns/Share.appex")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("<plist/>".utf8).write(to: file(root, "App.app/Info.plist"))
        try Data("<plist/>".utf8).write(to: folder.appendingPathComponent("Info.plist"))
        try Data("#!/bin/sh\n".utf8).write(to: folder.appendingPathComponent("share"))
        let files = ["App.app/Info.plist", "App.app/PlugIns/Share.appex/Info.plist", "App.app/PlugIns/Share.appex/share"].map { file(root, $0).path }
        try body(root, files)
    }

    @Test("every change of a watched file or of a folder on the way wakes the watch, for good", arguments: changes)
    func changeIsSeen(_ change: Change) throws {
        try Self.withApp { root, files in
            let watch = try #require(FileChangeWatch(files: files, below: root.path))
            #expect(watch.isQuiet)
            try change.apply(root)
            #expect(!watch.isQuiet)
            #expect(!watch.isQuiet, "a spent watch stays spent")
        }
    }

    @Test("reading the files, and changes outside the watched folders, leave it quiet")
    func quietWithoutChanges() throws {
        try Self.withApp { root, files in
            // Another app's folder, made before the watch: only its own entries change later.
            let other = Self.file(root, "Other.app")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let watch = try #require(FileChangeWatch(files: files, below: root.path))
            for path in files { _ = try Data(contentsOf: URL(fileURLWithPath: path)) }
            var status = stat()
            for path in files { #expect(lstat(path, &status) == 0) }
            try Data("elsewhere".utf8).write(to: other.appendingPathComponent("unrelated"))
            #expect(watch.isQuiet)
        }
    }
}
