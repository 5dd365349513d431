import Foundation
import Testing

/// The compose sheet's title and an alert its Post presents, on a real terminal.
@Suite("Compose sheet alert on a terminal")
struct TerminalComposeAlertTests {
    @Test("the controller's title heads the sheet; Post's alert is a box whose field takes typing and whose preferred action Enter chooses")
    func alertAfterPost() async throws {
        let fixture = try RegistryFixture()
        defer { fixture.remove() }
        try await ComposeScriptTests.install(in: fixture, behavior: "compose-alert")
        let appex = DemoAndShareTests.products + "/appex"
        try #require(FileManager.default.isExecutableFile(atPath: appex), "the appex executable is not built next to the tests")
        let terminal = try TerminalDriver("\(appex) share --text 'a note' --to com.example.composy.Post --home \(fixture.home)")
        defer { terminal.close() }

        var screen = try await terminal.waitForScreen(containing: "Ctrl-D post")
        #expect(screen.first == "New Post", "the title viewDidLoad set, not the extension's name: \(screen)")
        terminal.type("Tagged")
        try await terminal.waitForScreen(containing: "│ Tagged▏")
        terminal.type("\u{04}")
        screen = try await terminal.waitForScreen(containing: "Add a tag?")
        #expect(screen.contains { $0.hasPrefix("│ The post is ready.") }, "\(screen)")
        #expect(screen.contains { $0.hasPrefix("│ › [ Tag▏ ]") }, "the field has the keyboard, its placeholder shown: \(screen)")
        #expect(screen.contains { $0.hasPrefix("│   1) Cancel") })
        #expect(screen.contains { $0.hasPrefix("│   2) Post") })

        terminal.type("swift")
        try await terminal.waitForScreen(containing: "[ swift▏ ]")
        terminal.type("\r")
        #expect(try await terminal.exitStatus() == 0)
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.contains("Tagged #swift"), "\(text.suffix(600))")
    }
}
