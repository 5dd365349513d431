import ExtensionHost
import ExtensionUI

/// Types with a custom keyboard as a person would — the same test body in this process
/// (``InProcessKeyboardRunner``) and in a child process (``ChildProcessKeyboardRunner``).
///
/// ```swift
/// func checkPinyin(_ runner: some KeyboardRunner) async {
///     let run = await runner.type([.press(.init(characters: "n", keyCode: .init(rawValue: 17))), .tap("你")],
///                                 into: TextDocumentContext(before: "", after: ""))
///     #expect(run.calls.last == .commit("你"))
/// }
/// ```
public protocol KeyboardRunner: Sendable {
    /// Shows the keyboard for `document`, applies `steps` in order, and reports what each
    /// did and what the app's field heard.
    func type(_ steps: [KeyboardStep], into document: TextDocumentContext, environment: KeyboardEnvironment) async -> KeyboardRun
}

extension KeyboardRunner {
    /// ``type(_:into:environment:)`` with a keyboard that has no full access and no lexicon.
    public func type(_ steps: [KeyboardStep], into document: TextDocumentContext) async -> KeyboardRun {
        await type(steps, into: document, environment: KeyboardEnvironment())
    }
}

/// One thing a person (or the app) does while the keyboard shows.
public enum KeyboardStep: Hashable, Sendable {
    /// A key of their own keyboard.
    case press(KeyPress)
    /// A tap on the keyboard's key with this title.
    case tap(String)
    /// The app's field changed on its own (the insertion point moved, another field).
    case documentChange(TextDocumentContext)
}

/// What a scripted keyboard session did.
public struct KeyboardRun: Sendable {
    /// The keyboard as first shown; `nil` when it showed nothing.
    public var initial: ViewSnapshot?
    /// For each step: whether the keyboard took it (a press or a tap), `nil` for a change.
    public var taken: [Bool?]
    /// What the app's field heard, in order.
    public var calls: [TextInputRecorder.Call]
    /// The field as the host knows it at the end.
    public var document: TextDocumentContext
}
