import AppExtensions
import AppexCLI
@testable import AppexSystem
import ExtensionHost
import Foundation
import Synchronization
import Testing

/// Copy: what reaches the pasteboard, and the terminal's pasteboard pieces.
@Suite("Copy")
struct CopyActivityTests {
    /// One share and the text Copy puts on the pasteboard.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var contentText: String?
        var attachments: [@Sendable (URL) throws -> ItemProvider]
        /// The copied text; `{file}` stands for the shared file's path.
        var copied: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "text", attachments: [{ _ in ItemProvider(item: .string("hello"), typeIdentifier: "public.plain-text") }], copied: "hello"),
        Case(name: "a web URL", attachments: [{ _ in ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org/blog/"))), typeIdentifier: "public.url") }],
             copied: "https://www.swift.org/blog/"),
        Case(name: "the content text, then each attachment, one a line", contentText: "Look:",
             attachments: [
                { _ in ItemProvider(item: .string("first"), typeIdentifier: "public.plain-text") },
                { _ in ItemProvider(item: .url(try #require(URL(string: "https://www.swift.org"))), typeIdentifier: "public.url") },
                { folder in
                    let file = folder.appendingPathComponent("notes.txt")
                    try Data("not copied".utf8).write(to: file)
                    return try #require(ItemProvider(contentsOf: file))
                },
             ],
             copied: "Look:\nfirst\nhttps://www.swift.org\n{file}/notes.txt"),
        Case(name: "bytes alone are left out",
             attachments: [
                { _ in ItemProvider(item: .data(Data([1, 2])), typeIdentifier: "public.png") },
                { _ in ItemProvider(item: .string("kept"), typeIdentifier: "public.plain-text") },
             ],
             copied: "kept"),
    ])
    func copies(_ c: Case) async throws {
        try await withTemporaryFolders { source, _ in
            let item = ExtensionItem()
            item.attributedContentText = c.contentText.map { NSAttributedString(string: $0) }
            item.attachments = try c.attachments.map { try $0(source) }
            let pasteboard = Mutex<[String]>([])
            let activity = CopyActivity.make()
            #expect(activity.activityType == "appex.copy")
            #expect(activity.canPerform([item]))
            let result = try await activity.perform(ShareActivityRequest(items: [item], pasteboard: SharePasteboard { text in
                pasteboard.withLock { $0.append(text) }
            }))
            let expected = c.copied.replacingOccurrences(of: "{file}", with: source.standardizedFileURL.path)
            #expect(pasteboard.withLock { $0 } == [expected])
            #expect(result.message == "Copied \(expected.count) character\(expected.count == 1 ? "" : "s").")
            #expect(await result.returnedItems.first?.attachments?.first?.firstValueSummary() == expected)
        }
    }

    @Test("nothing copyable: not offered, and an error if run anyway")
    func nothingToCopy() async throws {
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .data(Data([1])), typeIdentifier: "public.png")]
        let activity = CopyActivity.make()
        #expect(!activity.canPerform([item]))
        let error = await #expect(throws: ShareActivityError.self) {
            try await activity.perform(ShareActivityRequest(items: [item], pasteboard: SharePasteboard { _ in }))
        }
        #expect(error?.code == .nothingToCopy)
    }

    @Test("OSC 52 carries the text in base 64")
    func osc52() {
        #expect(TerminalPasteboard.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
        #expect(TerminalPasteboard.osc52("é") == "\u{1B}]52;c;w6k=\u{07}")
    }

    /// A session and the clipboard tool chosen for it.
    struct ToolCase: CustomTestStringConvertible, Sendable {
        var name: String
        var environment: [String: String]
        var installed: [String]
        var expected: [String]?
        var testDescription: String { name }
    }

    @Test(arguments: [
        ToolCase(name: "Wayland: wl-copy", environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"],
                 installed: ["wl-copy", "xclip"], expected: ["wl-copy"]),
        ToolCase(name: "Wayland without wl-copy, with XWayland: xclip", environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"],
                 installed: ["xclip"], expected: ["xclip", "-selection", "clipboard"]),
        ToolCase(name: "X11: xsel when xclip is missing", environment: ["DISPLAY": ":0"], installed: ["xsel"],
                 expected: ["xsel", "--clipboard", "--input"]),
        ToolCase(name: "no graphical session: none", environment: [:], installed: ["wl-copy", "xclip", "xsel"], expected: nil),
        ToolCase(name: "nothing installed: none", environment: ["DISPLAY": ":0"], installed: [], expected: nil),
    ])
    func clipboardTool(_ c: ToolCase) async throws {
        try await withTemporaryFolders { bin, _ in
            for name in c.installed {
                let path = bin.appendingPathComponent(name).path
                #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
            }
            let tool = ClipboardTool.find(environment: c.environment.merging(["PATH": bin.path]) { a, _ in a })
            #expect(tool.map { [URL(fileURLWithPath: $0.executable).lastPathComponent] + $0.arguments } == c.expected)
        }
    }

    @Test("a clipboard tool gets the text on its standard input")
    func toolReceivesText() async throws {
        try await withTemporaryFolders { bin, folder in
            let output = folder.appendingPathComponent("clipboard")
            let script = bin.appendingPathComponent("wl-copy")
            #expect(FileManager.default.createFile(atPath: script.path, contents: Data("#!/bin/sh\ncat > '\(output.path)'\n".utf8),
                                                   attributes: [.posixPermissions: 0o755]))
            let tool = try #require(ClipboardTool.find(environment: ["WAYLAND_DISPLAY": "wayland-0", "PATH": bin.path]))
            try await tool.copy("copied ✓", environment: ["PATH": "/usr/bin:/bin"])
            #expect(try String(contentsOf: output, encoding: .utf8) == "copied ✓")
        }
    }

    /// An environment and the folder Save to folder… suggests.
    struct FolderCase: CustomTestStringConvertible, Sendable {
        var name: String
        var environment: [String: String]
        var userDirs: String?
        var downloadsExists: Bool
        /// `{home}` stands for the temporary home.
        var expected: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        FolderCase(name: "XDG_DOWNLOAD_DIR wins", environment: ["XDG_DOWNLOAD_DIR": "$HOME/Fetched"],
                   userDirs: "XDG_DOWNLOAD_DIR=\"$HOME/Other\"\n", downloadsExists: true, expected: "{home}/Fetched"),
        FolderCase(name: "user-dirs.dirs, $HOME expanded", environment: [:],
                   userDirs: "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOWNLOAD_DIR=\"$HOME/Téléchargements\"\n",
                   downloadsExists: true, expected: "{home}/Téléchargements"),
        FolderCase(name: "user-dirs.dirs, an absolute path", environment: [:], userDirs: "XDG_DOWNLOAD_DIR=\"/srv/downloads\"\n",
                   downloadsExists: false, expected: "/srv/downloads"),
        FolderCase(name: "user-dirs.dirs says $HOME/ (disabled): ~/Downloads", environment: [:], userDirs: "XDG_DOWNLOAD_DIR=\"$HOME/\"\n",
                   downloadsExists: true, expected: "{home}/Downloads"),
        FolderCase(name: "no configuration: ~/Downloads when it exists", environment: [:], userDirs: nil, downloadsExists: true,
                   expected: "{home}/Downloads"),
        FolderCase(name: "no configuration and no ~/Downloads: home", environment: [:], userDirs: nil, downloadsExists: false,
                   expected: "{home}"),
        FolderCase(name: "a relative value is ignored", environment: ["XDG_DOWNLOAD_DIR": "Downloads"], userDirs: nil,
                   downloadsExists: false, expected: "{home}"),
    ])
    func downloadFolder(_ c: FolderCase) async throws {
        try await withTemporaryFolders { home, _ in
            if let userDirs = c.userDirs {
                try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
                try Data(userDirs.utf8).write(to: home.appendingPathComponent(".config/user-dirs.dirs"))
            }
            if c.downloadsExists {
                try FileManager.default.createDirectory(at: home.appendingPathComponent("Downloads"), withIntermediateDirectories: true)
            }
            let environment = c.environment.merging(["HOME": home.path]) { a, _ in a }
            #expect(DownloadFolder.path(environment: environment) == c.expected.replacingOccurrences(of: "{home}", with: home.path))
        }
    }
}
