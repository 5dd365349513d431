import Foundation
import Testing

/// An extension's own view controller on a real terminal: `appex share --to` under
/// script(1), with keys typed once each screen is drawn and the screens read back.
@Suite("View controller on a terminal")
struct TerminalViewSheetTests {
    @Test("the title and bar, a caption the extension changes on its own, typing into a field, a switch, a numbered button, the alert as a dialog box, and its Send")
    func viewOnTerminal() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await ViewScriptTests.install(in: fixture)
        let appex = DemoAndShareTests.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")
        let terminal = try TerminalDriver("\(appex) share --text 'a link' --to com.example.viewy.Note --home \(fixture.home)")
        defer { terminal.close() }

        // The bar: the Cancel bar button and the title; the keyboard starts in the first field.
        var screen = try await terminal.waitForScreen(containing: "Tab/↑/↓ move")
        #expect(screen.first?.hasPrefix("[Cancel]") == true, "\(screen)")
        #expect(screen.first?.contains(" Fixture ") == true, "\(screen)")
        #expect(terminal.rawScreen.contains("\u{1b}[1mShare with Fixture"), "a bold label is a heading")
        #expect(screen.contains("› [ Note▏ ]"), "an empty field shows its placeholder")
        #expect(screen.contains("  [ ] Public"))
        #expect(screen.contains("  1) Send"))
        // The caption says what is shared once the extension has loaded it: drawn without a key.
        try await terminal.waitForScreen(containing: "Sharing: a link")
        #expect(terminal.rawScreen.contains("\u{1b}[2mSharing: a link"), "a small label is a caption, dim")

        // Type into the field; Tab to the switch and flip it with Space.
        terminal.type("hi there")
        try await terminal.waitForScreen(containing: "› [ hi there▏ ]")
        terminal.type("\t")
        try await terminal.waitForScreen(containing: "› [ ] Public")
        terminal.type(" ")
        try await terminal.waitForScreen(containing: "› [x] Public")

        // 1 taps the first button: the alert is the host's own box, its actions numbered,
        // the preferred one focused.
        terminal.type("1")
        screen = try await terminal.waitForScreen(containing: "Send this note?")
        #expect(screen.contains { $0.hasPrefix("┌") })
        #expect(screen.contains { $0.hasPrefix("│ hi there") })
        #expect(screen.contains { $0.hasPrefix("│   1) Cancel") })
        #expect(screen.contains { $0.hasPrefix("│ › 2) Send") })
        // The view behind waits: another 1 chooses the alert's first action, not the button,
        // so type 2 for Send.
        terminal.type("2")
        #expect(try await terminal.exitStatus() == 0)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.contains("hi there (public)"), "\(text.suffix(600))")
    }

    struct Cancelling: CustomTestStringConvertible, Sendable {
        let name: String
        /// Keys typed once the view is drawn, each after the screen shows the text before it.
        let keys: [(wait: String, keys: String)]
        var testDescription: String { name }
    }

    static let cancellations: [Cancelling] = [
        Cancelling(name: "Esc on the view taps its Cancel bar button", keys: [("Tab/↑/↓ move", "\u{1b}")]),
        Cancelling(name: "Esc in the alert chooses its cancel action", keys: [("Tab/↑/↓ move", "\t"), ("› [ ] Public", "1"), ("Send this note?", "\u{1b}")]),
    ]

    @Test("Esc cancels with Apple's user-cancelled error, and the terminal mode comes back", arguments: cancellations)
    func escapeCancels(_ cancelling: Cancelling) async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await ViewScriptTests.install(in: fixture)
        let appex = DemoAndShareTests.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")
        let terminal = try TerminalDriver("sh -c \"\(appex) share --text 'a link' --to com.example.viewy.Note --home \(fixture.home); echo status=\\$?; stty -a\"")
        defer { terminal.close() }
        for (wait, keys) in cancelling.keys {
            try await terminal.waitForScreen(containing: wait)
            terminal.type(keys)
        }
        #expect(try await terminal.exitStatus() == 0)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.contains("status=1"), "a cancelled share exits 1:\n\(text.suffix(600))")
        #expect(text.contains("3072"), "Apple's NSUserCancelledError:\n\(text.suffix(600))")
        #expect(text.contains(" icanon ") && text.contains(" echo "), "the terminal is left raw:\n\(text.suffix(600))")
    }
}
