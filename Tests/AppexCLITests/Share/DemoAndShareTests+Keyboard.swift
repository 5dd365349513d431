import Foundation
import HostTestSupport
import Testing

extension DemoAndShareTests {
    struct KeyboardJSON: Decodable, Equatable {
        struct Key: Decodable, Equatable {
            var key: String
            var went: String
        }
        var keyboard: String
        var text: String
        var composition: String
        var keys: [Key]
        var notices: [String]
        var failure: String?
    }

    /// `appex keyboard try` against the home the demo installed Pinyin into: a script with a
    /// candidate tapped, number keys and keys the keyboard leaves to the field; the errors;
    /// and the keyboard on a real terminal.
    func keyboardAfterDemo(home: URL) async throws {
        // Keys may take 60 s (--key-deadline): CI's two loaded cores can keep a healthy keyboard
        // past the 100 ms a person gets.
        let typed = await appex("keyboard", "try", "com.example.pinyin.Keyboard", "--text", "说:", "--json", "--home", home.path, "--key-deadline", "60000",
                                "--type", "women{tap:我们}xie2{BackSpace}1{Return}")
        #expect(typed.status == 0, "\(typed.error)")
        let report = try #require(try? JSONDecoder().decode(KeyboardJSON.self, from: Data(typed.output.utf8)), "not the report: \(typed.output)\(typed.error)")
        // 我们 tapped as a person taps the candidate bar; xie's candidates are 写 谢 些, and the
        // number key 2 picks 谢; BackSpace deletes it (nothing is composing); "1" has no
        // candidate then and no key: the field gets it; the keyboard's return types a line break.
        #expect(report.text == "说:我们1\n", "\(report)")
        #expect(report.composition == "")
        #expect(report.failure == nil && report.notices.isEmpty, "\(report)")
        #expect(report.keys.map(\.went) == Array(repeating: "keyboard", count: 11) + ["field", "keyboard"], "\(report.keys)")
        #expect(report.keys[5] == KeyboardJSON.Key(key: "{tap:我们}", went: "keyboard"))

        let unknown = await appex("keyboard", "try", "com.example.none", "--type", "a", "--home", home.path)
        #expect(unknown.status == 2)
        #expect(unknown.error.contains("no keyboard com.example.none is installed (the keyboards: com.example.pinyin.Keyboard)"), "\(unknown.error)")
        let badScript = await appex("keyboard", "try", "--type", "ab{Hom}", "--home", home.path)
        #expect(badScript.status == 2)
        #expect(badScript.error.contains("--type: column 3: {Hom} is not a key"), "\(badScript.error)")

        // iOS's "Allow Full Access", kept in the registry; only a keyboard has it.
        let allowed = await appex("keyboard", "full-access", "com.example.pinyin.Keyboard", "allow", "--home", home.path)
        #expect(allowed.status == 0 && allowed.output == "com.example.pinyin.Keyboard: full access allowed\n"
                + "note: com.example.pinyin.Keyboard does not ask for full access (RequestsOpenAccess), so it still has none\n", "\(allowed)")
        let denied = await appex("keyboard", "full-access", "com.example.pinyin.Keyboard", "deny", "--home", home.path)
        #expect(denied.status == 0 && denied.output == "com.example.pinyin.Keyboard: full access denied\n", "\(denied)")
        let notKeyboard = await appex("keyboard", "full-access", "com.example.notes.SaveToNotes", "allow", "--home", home.path)
        #expect(notKeyboard.status == 2 && notKeyboard.error.contains("not-a-keyboard: com.example.notes.SaveToNotes is com.apple.share-services (Share)"))

        // A password field: the keyboard is kept out; every key goes to the field.
        let secret = await appex("keyboard", "try", "--secure", "--json", "--type", "ni", "--home", home.path)
        let secure = try #require(try? JSONDecoder().decode(KeyboardJSON.self, from: Data(secret.output.utf8)), "not the report: \(secret.output)\(secret.error)")
        #expect(secure.text == "ni" && secure.keys.allSatisfy { $0.went == "field" }, "\(secure)")

        try requireTool("/usr/bin/script", package: "bsdutils", for: "appex keyboard try on a terminal")
        let terminal = try TerminalDriver("\(Self.products)/appex keyboard try --key-deadline 60000 --home \(home.path)", columns: 80, rows: 20)
        defer { terminal.close() }
        try await terminal.waitForScreen(containing: "[space]")
        terminal.type("nihao")
        let composing = try await terminal.waitForScreen(containing: "[你好]")
        #expect(composing.contains { $0.contains("│ nihao") }, "the letters show as the composition: \(composing)")
        #expect(composing.contains("[q] [w] [e] [r] [t] [y] [u] [i] [o] [p]"), "a row of keys per stack: \(composing)")
        terminal.type(" ")
        try await terminal.waitForScreen(containing: "│ 你好")
        terminal.type("\u{4}")
        #expect(try await terminal.exitStatus() == 0)
        #expect(String(decoding: terminal.output, as: UTF8.self).hasSuffix("你好\r\n"))
    }
}
