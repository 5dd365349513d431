import AppExtensions
import AppexCLI
@testable import AppexSystem
import ExtensionHost
import Foundation
import Glibc
import Testing

/// Save to folder…: names, collisions, errors, and never a half-written file.
@Suite("Save to folder")
struct SaveToFolderTests {
    /// One attachment to save.
    enum Attachment: Sendable {
        /// A file written in a source folder with this name and content, shared through ItemProvider(contentsOf:).
        case file(String, String)
        /// Text, with an optional suggested name.
        case text(String, suggestedName: String?)
        /// A web URL, with an optional suggested name.
        case url(String, suggestedName: String?)
        /// Bytes of a type, with a suggested name (saved through a file representation).
        case data(String, type: String, suggestedName: String)
    }

    /// One save and what the folder holds after it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var existing: [String] = []
        var attachments: [Attachment]
        /// The names saved, in the attachments' order, and each file's content.
        var saved: [(String, String)]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "a file keeps its name and content", attachments: [.file("notes.md", "# hi")], saved: [("notes.md", "# hi")]),
        Case(name: "text becomes Text.txt, or its suggested name with .txt",
             attachments: [.text("hello", suggestedName: nil), .text("draft", suggestedName: "Letter")],
             saved: [("Text.txt", "hello"), ("Letter.txt", "draft")]),
        Case(name: "a URL becomes an Internet shortcut named after its host",
             attachments: [.url("https://www.swift.org/documentation/", suggestedName: nil)],
             saved: [("www.swift.org.url", "[InternetShortcut]\r\nURL=https://www.swift.org/documentation/\r\n")]),
        Case(name: "bytes are saved through their file representation",
             attachments: [.data("PNG?", type: "public.png", suggestedName: "shot.png")], saved: [("shot.png", "PNG?")]),
        Case(name: "a taken name gets \" 2\", \" 3\" before the extension", existing: ["photo.png", "photo 2.png"],
             attachments: [.file("photo.png", "new")], saved: [("photo 3.png", "new")]),
        Case(name: "two attachments with one name in one share", attachments: [.text("one", suggestedName: "a"), .text("two", suggestedName: "a.txt")],
             saved: [("a.txt", "one"), ("a 2.txt", "two")]),
        Case(name: "a name without extension gets a plain number", existing: ["README"],
             attachments: [.file("README", "new")], saved: [("README 2", "new")]),
        Case(name: "a suggested name cannot leave the folder or hide", attachments: [.text("x", suggestedName: "../../.evil")],
             saved: [("-..-.evil.txt", "x")]),
    ])
    func saves(_ c: Case) async throws {
        try await withTemporaryFolders { source, folder in
            for name in c.existing { try Data("old".utf8).write(to: folder.appendingPathComponent(name)) }
            let item = ExtensionItem()
            item.attachments = try c.attachments.map { try provider($0, source: source) }
            let result = try await SaveToFolderActivity.save([item], to: folder)
            let count = c.saved.count
            #expect(result.message == "Saved \(count) file\(count == 1 ? "" : "s") to \(folder.path)")
            let returned = try #require(result.returnedItems.first?.attachments)
            #expect(returned.count == count)
            for (name, content) in c.saved {
                #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == content, "\(name)")
            }
            for name in c.existing { #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == "old") }
            // Nothing else: no temporary file is left.
            let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect(listing == (c.existing + c.saved.map(\.0)).sorted())
        }
    }

    /// A folder that cannot take the files, and the error naming it.
    struct FolderCase: CustomTestStringConvertible, Sendable {
        var name: String
        var path: @Sendable (URL) throws -> URL
        var code: ShareActivityError.Code
        var testDescription: String { name }
    }

    @Test(arguments: [
        FolderCase(name: "missing folder", path: { $0.appendingPathComponent("nowhere") }, code: .folderMissing),
        FolderCase(name: "a file, not a folder", path: { folder in
            let file = folder.appendingPathComponent("file")
            try Data().write(to: file)
            return file
        }, code: .notAFolder),
        FolderCase(name: "a folder that cannot be written", path: { folder in
            let locked = folder.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
            return locked
        }, code: .folderNotWritable),
    ])
    func refusesFolder(_ c: FolderCase) async throws {
        try await withTemporaryFolders { _, folder in
            let target = try c.path(folder)
            if c.code == .folderNotWritable, geteuid() == 0 { return }  // root writes anywhere
            let item = ExtensionItem()
            item.attachments = [ItemProvider(item: .string("hi"), typeIdentifier: "public.plain-text")]
            let error = await #expect(throws: ShareActivityError.self) { try await SaveToFolderActivity.save([item], to: target) }
            #expect(error?.code == c.code)
            #expect(error?.message.contains(target.path) == true, "\(String(describing: error))")
        }
    }

    @Test("a folder shared as a file fails, and leaves nothing behind")
    func nothingHalfWritten() async throws {
        try await withTemporaryFolders { source, folder in
            let item = ExtensionItem()
            item.attachments = [ItemProvider(item: .url(source), typeIdentifier: "public.file-url")]
            let error = await #expect(throws: ShareActivityError.self) { try await SaveToFolderActivity.save([item], to: folder) }
            #expect(error?.code == .unreadableAttachment)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty)
        }
    }

    @Test("the activity asks for a folder, suggesting the one given")
    func activityShape() {
        let activity = SaveToFolderActivity.make(suggestedFolder: "/home/me/Downloads")
        #expect(activity.activityType == "appex.save-to-folder")
        #expect(activity.title == "Save to folder…")
        #expect(activity.input == .folder(suggested: "/home/me/Downloads"))
        #expect(!activity.canPerform([ExtensionItem()]))
    }

    @Test("the standard actions: Copy, then Save to folder… suggesting the download folder")
    func standard() async {
        let activities = await ShareActivities.standard(environment: ["HOME": "/home/me", "XDG_DOWNLOAD_DIR": "$HOME/Fetched"])
        #expect(activities.map(\.activityType) == ["appex.copy", "appex.save-to-folder"])
        #expect(activities.map(\.symbol) == ["❐", "↓"])
        #expect(activities.last?.input == .folder(suggested: "/home/me/Fetched"))
    }

    func provider(_ attachment: Attachment, source: URL) throws -> ItemProvider {
        switch attachment {
        case .file(let name, let content):
            let url = source.appendingPathComponent(name)
            try Data(content.utf8).write(to: url)
            return try #require(ItemProvider(contentsOf: url))
        case .text(let text, let suggestedName):
            let provider = ItemProvider(item: .string(text), typeIdentifier: "public.plain-text")
            provider.suggestedName = suggestedName
            return provider
        case .url(let text, let suggestedName):
            let provider = ItemProvider(item: .url(try #require(URL(string: text))), typeIdentifier: "public.url")
            provider.suggestedName = suggestedName
            return provider
        case .data(let bytes, let type, let suggestedName):
            let provider = ItemProvider(item: .data(Data(bytes.utf8)), typeIdentifier: type)
            provider.suggestedName = suggestedName
            return provider
        }
    }
}

/// Runs `body` with two new empty folders (a source and a destination), removed afterwards.
func withTemporaryFolders(_ body: (URL, URL) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-activities-\(UUID().uuidString)")
    let source = root.appendingPathComponent("source"), folder = root.appendingPathComponent("folder")
    for url in [source, folder] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    defer {
        _ = chmod(root.appendingPathComponent("folder/locked").path, 0o755)
        try? FileManager.default.removeItem(at: root)
    }
    try await body(source, folder)
}
