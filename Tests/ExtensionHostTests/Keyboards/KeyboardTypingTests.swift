import ExtensionHost
import ExtensionTesting
import ExtensionUI
import Foundation
import HostTestSupport
import Testing

/// A custom keyboard in a real extension process (the fixture's ``FixtureKeyboard``): the
/// person's keys press its keys, its edits reach the app's field in order, the app's
/// changes reach it, and a secure field, a crash or a hang put it out of the way.
@Suite("Custom keyboards")
struct KeyboardTypingTests {
    static func install(attributes: [String: Any] = ["PrimaryLanguage": "en-US"]) throws -> FixtureInstallation {
        try FixtureInstallation.make(point: "com.apple.keyboard-service", identifier: "com.example.fixture.Keys",
                                     attributes: attributes, rule: [:])
    }

    /// A host for the fixture keyboard. Its keys may take up to 60 s (`keyDeadline`): the suite
    /// runs on CI's two loaded cores, where a healthy keyboard's answer can take longer than
    /// the 100 ms a person gets; the failure tests pass the real deadline.
    static func host(_ fixture: FixtureInstallation, sandbox: SandboxMode, fullAccess: Bool = false,
                     environment: [String: String] = [:], keyDeadline: Duration = .seconds(60)) -> ExtensionHost {
        var options = FixtureInstallation.options("echo", sandbox: sandbox, environment: environment)
        options.allowsKeyboardFullAccess = fullAccess
        options.keyboardKeyDeadline = keyDeadline
        return ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: options)
    }

    @Test("typing through the keyboard commits its text; deleteBackward deletes one character, across a CJK character and an emoji",
          arguments: hostSandboxModes)
    func typing(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder(before: "你好👍🏽")
        let field = TextDocumentContext(before: "你好👍🏽", after: "")
        let handled = try await Self.host(fixture, sandbox: sandbox).withKeyboard(fixture.installed, document: field, client: client) { typing in
            let shown = try #require(await typing.snapshot(), "the keyboard presented no view")
            #expect(shown.elements.contains { $0.kind == .button && $0.text == "space" })
            var handled: [Bool] = []
            for key in [KeyPress.typing("h"), .typing("i"), .physicalBackspace, .physicalBackspace, .physicalBackspace, .physicalBackspace] {
                handled.append(await typing.press(key))
            }
            return handled
        }
        #expect(handled == [true, true, true, true, true, true])
        #expect(client.calls == [.commit("h"), .commit("i"), .delete(offset: -1, count: 1), .delete(offset: -1, count: 1),
                                 .delete(offset: -2, count: 2), .delete(offset: -1, count: 1)],
                "one Character each: the emoji with its skin tone is two scalars, 好 one")
        #expect(client.text == "你")
    }

    @Test("a key the keyboard has not, or one typed with Control, goes to the app")
    func unhandled() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder()
        let answers = try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: TextDocumentContext(), client: client) { typing in
            [await typing.press(.typing("1")), await typing.press(.typing("a", modifiers: .control)), await typing.press(.typing("a"))]
        }
        #expect(answers == [false, false, true])
        #expect(client.calls == [.commit("a")])
    }

    @Test("the context before and after input is what the app reported; the app's changes are announced, the keyboard's own are not echoed")
    func context() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder(before: "hello")
        let field = TextDocumentContext(before: "hello", after: " world")
        try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: field, client: client) { typing in
            #expect(await typing.press(.typing("^")))
            // The app reports what the keyboard's own edit made: not announced again.
            await typing.documentDidChange(to: typing.document)
            #expect(await typing.press(.typing("^")))
            // The person moved the insertion point: announced.
            var moved = field
            moved.before = "hel"
            moved.after = "lo world"
            await typing.documentDidChange(to: moved)
            #expect(await typing.press(.typing("^")))
        }
        #expect(client.calls == [.commit("[hello| world|0]"), .commit("[hello[hello| world|0]| world|0]"), .commit("[hel|lo world|1]")])
    }

    @Test("a secure field never reaches the keyboard: its keys go to the app, and the keyboard hears nothing of it")
    func secureField() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder()
        let answers = try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: TextDocumentContext(), client: client) { typing in
            await typing.documentDidChange(to: TextDocumentContext(before: "hunter", after: "", textContentType: .password), isSecure: true)
            let secret = await typing.press(.typing("a"))
            let caret = await typing.press(.typing("^"))
            await typing.documentDidChange(to: TextDocumentContext(before: "plain", after: ""))
            let after = await typing.press(.typing("^"))
            return [secret, caret, after]
        }
        #expect(answers == [false, false, true])
        #expect(client.calls == [.commit("[plain||1]")], "one change announced: the plain field; nothing of the secure one")
    }

    @Test("a secure first field is not in the keyboard's request either")
    func secureFirstField() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder()
        let secret = TextDocumentContext(before: "hunter", after: "2", textContentType: .password)
        let answers = try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: secret, isSecure: true, client: client) { typing in
            let secure = await typing.press(.typing("$"))
            await typing.documentDidChange(to: TextDocumentContext(before: "plain", after: ""))
            return [secure, await typing.press(.typing("$"))]
        }
        #expect(answers == [false, true])
        #expect(client.calls == [.commit("{nil|nil}")], "its view loaded with nothing of the password field")
    }

    @Test("marked text is the app's preedit; unmarkText commits it; moving the insertion point forwards arrow keys")
    func composition() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder(before: "ab")
        try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: TextDocumentContext(before: "ab"), client: client) { typing in
            for key in ["*", "=", "<"] { #expect(await typing.press(.typing(key)), "key \(key)") }
        }
        #expect(client.calls == [.preedit("mark", cursor: 4), .preedit("", cursor: 0), .commit("mark"), .forward(.leftArrow)])
    }

    @Test("when the app takes the composition away, its text stays in the field and the keyboard sees it typed")
    func compositionEnded() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder(before: "ab")
        try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(fixture.installed, document: TextDocumentContext(before: "ab"), client: client) { typing in
            #expect(await typing.press(.typing("*")))
            await typing.commitComposition()
            #expect(typing.document.marked.isEmpty && typing.document.before == "abmark")
            #expect(await typing.press(.typing("^")))
        }
        #expect(client.calls == [.preedit("mark", cursor: 4), .preedit("", cursor: 0), .commit("mark"), .commit("[abmark|nil|1]")])
    }

    @Test("the lexicon the host keeps reaches requestSupplementaryLexicon")
    func lexicon() async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder()
        try await Self.host(fixture, sandbox: preferredSandboxMode).withKeyboard(
            fixture.installed, document: TextDocumentContext(), client: client,
            lexicon: [.init(userInput: "omw", documentText: "On my way!")]) { typing in
            #expect(await typing.press(.typing("&")))
        }
        #expect(client.calls == [.commit("lexicon:1:omw=On my way!")])
    }

    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case crash = "!"
        case hang = "~"
        var testDescription: String { self == .crash ? "a crashing keyboard" : "a hanging keyboard" }
        /// The hang meets the 100 ms a person gets; a crash is seen when the process ends, so
        /// its keys may take as long as a loaded machine needs.
        var keyDeadline: Duration { self == .hang ? .milliseconds(100) : .seconds(60) }
        /// A key typed before the failing one, where its answer cannot miss the deadline.
        var before: [String] { self == .crash ? ["a"] : [] }
    }

    @Test("a keyboard that crashes or hangs gives way: the key and every later one go to the app, and the client hears why once",
          arguments: Failure.allCases)
    func fallsBack(failure: Failure) async throws {
        let fixture = try Self.install()
        defer { fixture.remove() }
        let client = TextInputRecorder()
        let host = Self.host(fixture, sandbox: preferredSandboxMode, keyDeadline: failure.keyDeadline)
        let (answers, reason) = try await host.withKeyboard(fixture.installed, document: TextDocumentContext(), client: client) { typing in
            var answers: [Bool] = []
            for key in failure.before { answers.append(await typing.press(.typing(key))) }
            // A bound for a regression that waits on the keyboard, not a speed check.
            let failing = try #require(await value(within: .seconds(60)) { await typing.press(.typing(failure.rawValue)) },
                                       "the key that made the keyboard fail was never answered")
            answers.append(failing)
            answers.append(await typing.press(.typing("b")))
            return (answers, typing.failure)
        }
        #expect(answers == failure.before.map { _ in true } + [false, false])
        #expect(client.failures.count == 1)
        let said = try #require(reason)
        #expect(client.failures == [said])
        #expect(said.contains("keys now go straight to the app"))
        if failure == .hang { #expect(said.contains("key-timed-out") && said.contains("0.1 seconds"), "\(said)") }
        #expect(client.calls.dropLast() == failure.before.map { .commit($0) }[...])
    }
}
