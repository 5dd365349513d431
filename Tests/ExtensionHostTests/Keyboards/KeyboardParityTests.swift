import ExtensionHost
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import Testing

/// One keyboard test body against the keyboard in this process and in a child process.
@Suite("Custom keyboard parity")
struct KeyboardParityTests {
    /// The in-process twin of the fixture's keyboard (FixtureKeyboard), its harmless keys.
    final class Keys: UIInputViewController {
        private var announcements = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            let row = UIStackView(arrangedSubviews: ["h", "i", "⌫", "^", "*", "=", "<"].map { title in
                let key = UIButton(type: .system)
                key.setTitle(title, for: .normal)
                key.addAction(UIAction { [unowned self] _ in type(title) }, for: .touchUpInside)
                return key
            })
            view.addSubview(row)
        }

        override func textDidChange(_ textInput: (any UITextInput)?) { announcements += 1 }
        override func selectionDidChange(_ textInput: (any UITextInput)?) { announcements += 1 }

        private func type(_ title: String) {
            let proxy = textDocumentProxy
            switch title {
            case "⌫": proxy.deleteBackward()
            case "^": proxy.insertText("[\(proxy.documentContextBeforeInput ?? "nil")|\(proxy.documentContextAfterInput ?? "nil")|\(announcements)]")
            case "*": proxy.setMarkedText("mark", selectedRange: NSRange(location: 4, length: 0))
            case "=": proxy.unmarkText()
            case "<": proxy.adjustTextPosition(byCharacterOffset: -1)
            default: proxy.insertText(title)
            }
        }
    }

    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case inProcess = "in this process"
        case childProcess = "in a child process"
        var testDescription: String { rawValue }
    }

    @Test("keys, taps, the app's changes and the composition reach the field alike", arguments: Place.allCases)
    func parity(place: Place) async throws {
        let fixture = try KeyboardTypingTests.install()
        defer { fixture.remove() }
        // Keys may take 60 s: CI's two loaded cores can keep a healthy keyboard past the 100 ms a person gets.
        var options = FixtureInstallation.options("echo", sandbox: preferredSandboxMode)
        options.keyboardKeyDeadline = .seconds(60)
        let runner: any KeyboardRunner = switch place {
        case .inProcess: InProcessKeyboardRunner { Keys() }
        case .childProcess: ChildProcessKeyboardRunner(fixture.installed, options: options)
        }
        let backspace = KeyPress(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace)
        let moved = TextDocumentContext(before: "好", after: "!")
        let run = await runner.type([
            .press(KeyPress(characters: "h", keyCode: UIKeyboardHIDUsage(rawValue: 11))), .tap("i"), .press(backspace), .press(backspace),
            .press(KeyPress(characters: "1", keyCode: .keyboard1)),
            .documentChange(moved), .press(KeyPress(characters: "^", keyCode: .keyboardErrorUndefined)),
            .tap("*"), .tap("="), .tap("<"),
        ], into: TextDocumentContext(before: "你", after: ""))
        let initial = try #require(run.initial)
        let titles = Set(initial.elements.compactMap(\.text))
        #expect(titles.isSuperset(of: ["h", "i", "⌫", "^", "*", "=", "<"]))
        #expect(initial.elements.allSatisfy { $0.kind == .button && $0.row != nil }, "every key sits in its row's stack")
        #expect(run.taken == [true, true, true, true, false, nil, true, true, true, true])
        #expect(run.calls == [
            .commit("h"), .commit("i"), .delete(offset: -1, count: 1), .delete(offset: -1, count: 1),
            .commit("[好|!|1]"), .preedit("mark", cursor: 4), .preedit("", cursor: 0), .commit("mark"), .forward(.leftArrow),
        ])
        #expect(run.document.before == "好[好|!|1]mar" && run.document.after == "k!")
    }
}
