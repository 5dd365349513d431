import Foundation
import ExtensionIPC
import HostTestSupport
import Testing

/// `appex demo` and `appex share` against real bundles, processes and the sandbox.
@Suite("Demo and share")
struct DemoAndShareTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Examples/Notes/Bundle").standardizedFileURL.path
    static let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path

    static func makeHome() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-demo-\(UUID().uuidString)")
    }

    // One test, in sequence: every demo run copies ~55 MB of debug executables twice, and
    // three at once made the file writes of other tests wait half a minute on a loaded CI
    // machine.
    @Test("appex demo builds, installs, shares twice, runs Notes, the action extension and the compose sheet; then appex share, with --to and on a terminal")
    func demoThenShare() async throws {
        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = await appex("demo", "--examples", Self.examples, "--products", Self.products, "--home", home.path)
        #expect(result.status == 0, "\(result.error)\n\(result.output)")
        let expected = [
            "   built Notes.app: notes-app + NotesWidget.appex, PostPhotos.appex, PostToNotes.appex, SaveToNotes.appex, Uppercase.appex",
            "   installed com.example.notes with com.example.notes.PostPhotos, com.example.notes.PostToNotes, com.example.notes.SaveToNotes, com.example.notes.Uppercase, com.example.notes.Widget",
            "  1. com.example.notes.SaveToNotes  Save to Notes",
            "  - com.example.notes.Uppercase: attachment 1 (public.url) is a web URL and NSExtensionActivationSupportsWebURLWithMaxCount is absent",
            "   [extension] SaveToNotes: saved https://www.swift.org as share 1",
            "   Notes: 2 new share(s); 2 note(s) in all:",
            "     • https://www.swift.org — Swift.org",
            "     • https://www.swift.org/documentation/ — Documentation",
            "   Notes: shared defaults say shares-saved = 2, last-shared-url = https://www.swift.org/documentation/",
            "  item 1, attachment 1 [public.plain-text]: HELLO FROM APPEX",
            // Seed 000's compose sheet, scripted, in the sandbox; then Notes reads the post.
            "Compose sheet: \"\"; 140 left; Post disabled; 是否公开: 否",
            "  tap \"公开权限\" → \"分享一个链接\"; 134 left; Post disabled; 是否公开: 是; 公开权限: 所有人; showing 公开权限 [\"所有人\", \"好友\"]",
            "  choose \"好友\" → \"分享一个链接\"; 134 left; Post enabled; 是否公开: 是; 公开权限: 好友",
            "  item 1 text: 分享一个链接",
            "   [extension] PostToNotes: saved the post as share 3",
            "     • 分享一个链接 (公开权限 好友, 是否公开 是)",
            // The Today view: the Notes widget with the newest notes.
            "   ┌ Notes ───────────────────────────────────┐",
            "   │ [1 Open Notes]                           │",
            // The photo editor: one edit, its original kept.
            "   Sample.jpg: edited with Sepia — com.example.sepia 1.0: {\"strength\":0.25}",
            // The custom keyboard: pinyin to hanzi, 国 first after 中.
            "   typed 22 keys, 22 taken by the keyboard: \"你好中国，\" with \"women\" still composing",
        ]
        let lines = Set(result.output.split(separator: "\n").map(String.init))
        for line in expected { #expect(lines.contains(line), "missing line: \(line)") }
        try await demoJSON()
        try await share(home: home)
        try await todayOnce(home: home)
        try await editAfterDemo(home: home)
        try await keyboardAfterDemo(home: home)
        if toolAvailable("/usr/bin/script", package: "bsdutils", for: "the terminal choice (appex share on a terminal)") {
            try await interactiveChoice(home: home)
            try await todayDashboard(home: home)
        }
    }

    struct DemoKeyboard: Decodable {
        var text: String
        var composition: String
        var keys: Int
        var taken: Int
        var failure: String?
    }

    struct DemoJSON: Decodable {
        struct Install: Decodable { var identifier: String; var extensions: [String] }
        struct Sheet: Decodable {
            var point: String
            var eligible: [ShareJSON.Candidate]
            var run: ShareJSON.Run?
        }
        struct Step: Decodable {
            var number: Int
            var sheets: [Sheet]
            var extensionOutput: [String]
            var appOutput: [String]
            var widgets: [TodayJSON.Widget]?
            var edit: EditJSON.Edit?
            var keyboard: DemoKeyboard?
        }
        var completed: Bool
        var error: String?
        var sandbox: String?
        var install: Install?
        var steps: [Step]
    }

    /// `appex demo --json`, in a home of its own, as its own process on a machine without
    /// bubblewrap (`APPEX_BUBBLEWRAP` names a file that does not exist): it falls back to
    /// the Landlock sandbox; one report, each step's sheets, runs and the programs' lines,
    /// and nothing else on standard output.
    func demoJSON() async throws {
        try requireSandbox(.landlock)
        let home = Self.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "APPEX_START_TIMEOUT": "120",
                           SandboxSupport.bubblewrapEnvironmentVariable: home.appendingPathComponent("no-bwrap").path]
        let result = try await appexProcess(["demo", "--json", "--examples", Self.examples, "--products", Self.products, "--home", home.path],
                                            environment: environment, streams: [1])
        #expect(result.status == 0, "\(result.error)")
        let report = try JSONDecoder().decode(DemoJSON.self, from: Data(result.output.utf8))
        #expect(report.completed && report.error == nil)
        #expect(report.sandbox == "landlock")
        #expect(report.install?.identifier == "com.example.notes")
        #expect(report.install?.extensions.count == 5)
        #expect(report.steps.map(\.number) == Array(1...11))
        let shared = try #require(report.steps.first { $0.number == 3 })
        #expect(shared.sheets.map(\.point) == ["com.apple.share-services", "com.apple.ui-services"])
        #expect(shared.sheets.first?.run?.outcome == "completed")
        // The app and both extensions that use NotesKit load it from the installed app's
        // Frameworks/, inside the sandbox: each reads the mapping from its /proc/PID/maps.
        let notesKit = home.path + "/Applications/com.example.notes/Notes.app/Frameworks/NotesKit.framework/libNotesKit.so"
        #expect(shared.extensionOutput == ["SaveToNotes: saved https://www.swift.org as share 1", "SaveToNotes: NotesKit from \(notesKit)"])
        let action = try #require(report.steps.first { $0.number == 6 })
        #expect(action.sheets.first?.run?.items.first?.attachments.first?.value == "HELLO FROM APPEX")
        let post = try #require(report.steps.first { $0.number == 7 })
        #expect(post.sheets.first?.run?.outcome == "completed")
        #expect(post.extensionOutput.contains("PostToNotes: NotesKit from \(notesKit)"), "\(post.extensionOutput)")
        let notes = try #require(report.steps.first { $0.number == 8 })
        #expect(notes.appOutput.contains { $0.contains("分享一个链接") }, "\(notes.appOutput)")
        #expect(notes.appOutput.contains("Notes: NotesKit from \(notesKit)"), "\(notes.appOutput)")
        let today = try #require(report.steps.first { $0.number == 9 }?.widgets?.first)
        #expect(today.identifier == "com.example.notes.Widget" && today.result == "newData" && !today.stale)
        let edit = try #require(report.steps.first { $0.number == 10 }?.edit)
        #expect(edit.result == "edited" && !edit.resumed && edit.adjustment?.text == "{\"strength\":0.25}")
        let keyboard = try #require(report.steps.first { $0.number == 11 }?.keyboard)
        #expect(keyboard.text == "你好中国，" && keyboard.composition == "women" && keyboard.failure == nil)
        #expect(keyboard.keys == 22 && keyboard.taken == 22)
    }

    struct ShareJSON: Decodable {
        struct Candidate: Decodable { var identifier: String; var reason: String? }
        struct Attachment: Decodable { var types: [String]; var value: String? }
        struct Item: Decodable { var attachments: [Attachment] }
        struct Run: Decodable { var outcome: String; var items: [Item]; var error: String? }
        var eligible: [Candidate]
        var excluded: [Candidate]
        var run: Run?
    }

    /// `appex share` against the home the demo installed.
    func share(home: URL) async throws {

        let listing = await appex("share", "--home", home.path, "--url", "https://www.swift.org", "--json")
        #expect(listing.status == 0, "\(listing.error)")
        let sheet = try JSONDecoder().decode(ShareJSON.self, from: Data(listing.output.utf8))
        #expect(sheet.eligible.map(\.identifier) == ["com.example.notes.SaveToNotes"])
        #expect(sheet.run == nil)

        let action = await appex("share", "--home", home.path, "--point", "action", "--text", "quiet words",
                           "--to", "com.example.notes.Uppercase", "--json")
        #expect(action.status == 0, "\(action.error)")
        let ran = try JSONDecoder().decode(ShareJSON.self, from: Data(action.output.utf8))
        #expect(ran.run?.outcome == "completed")
        #expect(ran.run?.items.first?.attachments.first?.value == "QUIET WORDS")

        let refused = await appex("share", "--home", home.path, "--text", "words", "--to", "com.example.notes.SaveToNotes")
        #expect(refused.status == 1)
        #expect(refused.error.contains("com.example.notes.SaveToNotes is not eligible for this share"))

        // Post Photos has its own page: a terminal cannot show it, and says where it can.
        let picture = home.appendingPathComponent("picture.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>"#.utf8).write(to: picture)
        let ownPage = await appex("share", "--home", home.path, picture.path, "--to", "com.example.notes.PostPhotos")
        #expect(ownPage.status == 2)
        #expect(ownPage.error.contains("has its own interface (AppexWebInterfacePage), which only the web sheet shows: appex share --ui web"))

        let nothing = await appex("share", "--home", home.path)
        #expect(nothing.status == 2)
        #expect(nothing.error.contains("nothing to share"))
    }

    /// On a terminal, a typed number picks the extension to run (script(1) gives the terminal).
    func interactiveChoice(home: URL) async throws {
        let appex = Self.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")

        // script(1) gives the command a terminal; the typed answer arrives on it. The wait
        // happens on a thread of its own, not on one the other tests' tasks need.
        let command = "\(appex) share --home \(home.path) --point action --text 'quiet please'"
        let (status, text) = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Int32, String), any Error>) in
            Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
                    process.arguments = ["-qec", command, "/dev/null"]
                    process.environment = ProcessInfo.processInfo.environment.merging(["APPEX_START_TIMEOUT": "120"]) { $1 }
                    let input = Pipe(), output = Pipe()
                    process.standardInput = input
                    process.standardOutput = output
                    try process.run()
                    try input.fileHandleForWriting.write(contentsOf: Data("1\n".utf8))
                    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    return (process.terminationStatus, text)
                })
            }.start()
        }
        #expect(status == 0, "\(text)")
        #expect(text.contains("  c  Copy"))
        #expect(text.contains("Choose 1–1, c or s (or Enter to cancel):"))
        #expect(text.contains("item 1, attachment 1 [public.plain-text]: QUIET PLEASE"))
    }

    @Test("help", arguments: ["share", "demo", "today", "edit", "keyboard", "keyboard try"])
    func help(_ command: String) async {
        let words = command.split(separator: " ").map(String.init)
        expectSnapshot(await appex(words + ["--help"]).output, named: "share/\(words.joined(separator: "-"))-help")
    }
}
