import Foundation
import Testing

/// The compose sheet on a real terminal: `appex share --to` under script(1), with keys
/// typed on the terminal and every screen read back as the user would see it.
@Suite("Compose sheet on a terminal")
struct TerminalComposeSheetTests {
    @Test("the preview drawn when it loads, typing CJK text, the counter going negative, a refused Post, a pushed picker and a Post, on a real terminal")
    func sheetOnTerminal() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await ComposeScriptTests.install(in: fixture)
        let appex = DemoAndShareTests.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")
        let terminal = try TerminalDriver("\(appex) share --text 'a link' --to com.example.composy.Post --home \(fixture.home)")
        defer { terminal.close() }

        // The sheet: title, preview, the empty text with its placeholder, the counter, the item.
        var screen = try await terminal.waitForScreen(containing: "Type to edit")
        #expect(screen.first == "Post")
        // The preview's text comes in a state the extension publishes on its own, once it
        // has loaded it: the sheet is drawn again without a key.
        screen = try await terminal.waitForScreen(containing: "Sharing text: a link")
        #expect(screen.contains { $0.hasPrefix("  Audience") && $0.hasSuffix(" Everyone") })
        #expect(terminal.rawScreen.contains("\u{1b}[2m[Post]"), "Post is disabled while the text is empty")

        // CJK text: each character is two columns wide, and counts one against the limit.
        terminal.type("分享链接")
        screen = try await terminal.waitForScreen(containing: "│ 分享链接▏")
        #expect(screen.contains("└ 6  [Post] [Cancel]"))
        #expect(!terminal.rawScreen.contains("\u{1b}[2m[Post]"), "Post is enabled once the text is valid")

        // Over the limit: the counter goes negative (shown in red) and Post is disabled.
        terminal.type("abcdefgh")
        screen = try await terminal.waitForScreen(containing: "└ -2 ")
        #expect(terminal.rawScreen.contains("\u{1b}[31m-2\u{1b}[0m"))
        #expect(terminal.rawScreen.contains("\u{1b}[2m[Post]"))

        // Post while disabled (Ctrl-D) is refused on screen, not ignored.
        terminal.type("\u{04}")
        screen = try await terminal.waitForScreen(containing: "Post is disabled")

        // Backspace twice: back within the limit.
        terminal.type("\u{7f}\u{7f}")
        screen = try await terminal.waitForScreen(containing: "└ 0  [Post]")

        // The item pushes its picker; ↓ and Enter choose; the sheet comes back with the value.
        terminal.type("\t")
        try await terminal.waitForScreen(containing: "Audience")
        terminal.type("\r")
        screen = try await terminal.waitForScreen(containing: "< Back   Audience")
        #expect(screen.contains("> ● Everyone"))
        #expect(screen.contains("  ○ Friends"))
        terminal.type("\u{1b}[B")
        screen = try await terminal.waitForScreen(containing: "> ○ Friends")
        terminal.type("\r")
        screen = try await terminal.waitForScreen(containing: "Type to edit")
        #expect(screen.contains { $0.hasPrefix("  Audience") && $0.hasSuffix(" Friends") })
        #expect(!screen.contains { $0.hasPrefix("< Back") })

        // Post: the extension completes with the text and the choice.
        terminal.type("\u{04}")
        #expect(try await terminal.exitStatus() == 0)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.contains("分享链接abcdef (to Friends)"))
    }

    @Test("Esc on the sheet cancels with Apple's user-cancelled error, and the terminal mode comes back")
    func escapeCancels() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await ComposeScriptTests.install(in: fixture)
        let appex = DemoAndShareTests.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")
        // After the share, `stty -a` shows the terminal's mode: echo and canonical input again.
        let terminal = try TerminalDriver("sh -c \"\(appex) share --text 'a link' --to com.example.composy.Post --home \(fixture.home); echo status=\\$?; stty -a\"")
        defer { terminal.close() }
        try await terminal.waitForScreen(containing: "Type to edit")
        terminal.type("\u{1b}")
        #expect(try await terminal.exitStatus() == 0)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.contains("status=1"), "a cancelled share exits 1:\n\(text)")
        #expect(text.contains("3072"), "Apple's NSUserCancelledError:\n\(text)")
        #expect(text.contains(" icanon ") && text.contains(" echo "), "the terminal is left raw:\n\(text)")
    }
}
