import ExtensionHost
import ExtensionUI
import Foundation

/// One `appex keyboard try`: keys to the keyboard, or straight to the field when it does
/// not take them (or is out of the way), and the field reported back after each key the
/// field took itself.
struct KeyboardTryRun {
    let typing: KeyboardTyping
    let field: TerminalTextField

    struct Outcome: Sendable {
        var keys: [KeyboardTryReport.Key] = []
        /// Why the keyboard was put out of the way, if it was.
        var failure: String?
    }

    /// Whether the keyboard still types: it has not asked for the next keyboard or put itself away.
    private var keyboardInUse: Bool {
        let state = field.snapshot
        return !state.wantsNextKeyboard && !state.dismissed
    }

    /// Presses `key`: the keyboard's if it takes it, else the field's. Whether the keyboard took it.
    func press(_ key: KeyPress) async -> Bool {
        if keyboardInUse, await typing.press(key) { return true }
        field.forward(key)
        await typing.documentDidChange(to: field.context, isSecure: field.isSecure)
        return false
    }

    /// Types `steps` and says where each went.
    func type(_ steps: [KeyboardScript.Step]) async -> Outcome {
        var outcome = Outcome()
        for step in steps {
            switch step {
            case .key(let key):
                let took = await press(key)
                outcome.keys.append(.init(key: Self.written(key), went: took ? "keyboard" : "field"))
            case .tap(let title):
                let target = typing.shown?.elements.first { $0.kind == .button && $0.text == title && $0.isEnabled }
                let reply = await target.asyncMap { await typing.tap($0.id) } ?? nil
                if target == nil { field.keyboardFailed("no key titled \(title.debugDescription) is shown: the tap did nothing") }
                outcome.keys.append(.init(key: "{tap:\(title)}", went: reply?.refusal == nil && reply != nil ? "keyboard" : "nowhere"))
            }
        }
        outcome.failure = typing.failure
        return outcome
    }

    /// Reads the terminal until Esc or Ctrl-D, drawing the field and the keys after each key
    /// and whenever the keyboard changes what it shows.
    func interactive(name: String) async -> Outcome {
        enum Input: Sendable {
            case key(TerminalKey)
            case redraw
            case ended
        }
        await TerminalMode.withRawInput {
            await withTaskGroup(of: Void.self) { group in
                let (inputs, input) = AsyncStream.makeStream(of: Input.self)
                group.addTask {
                    var reader = TerminalKeyReader()
                    while !Task.isCancelled { input.yield(.key(await TerminalKey.next(&reader))) }
                }
                group.addTask { [typing] in
                    for await event in typing.events {
                        if case .view = event { input.yield(.redraw) }
                    }
                    // The keyboard's run is over (it failed): typing goes on without it.
                    input.yield(.redraw)
                }
                draw(name)
                reading: for await next in inputs {
                    if case .key(let key) = next {
                        switch key {
                        case .escape, .post, .interrupt, .end: break reading
                        default: if let press = Self.press(for: key) { _ = await self.press(press) }
                        }
                    }
                    draw(name)
                }
                group.cancelAll()
            }
        }
        FileHandle.standardOutput.write(Data("\u{1b}[0m\r\n".utf8))
        return Outcome(failure: typing.failure)
    }

    private func draw(_ name: String) {
        let width = max(30, min(TerminalMode.columns, 100)) - 2
        let lines = TerminalKeyboardDrawing(name: name, field: field.snapshot, keys: keyboardInUse ? typing.shown : nil,
                                            isSecure: field.isSecure, width: width).lines()
        FileHandle.standardOutput.write(Data(("\u{1b}[2J\u{1b}[H" + lines.joined(separator: "\r\n") + "\r\n").utf8))
    }

    /// The key press a terminal key is.
    static func press(for key: TerminalKey) -> KeyPress? {
        switch key {
        case .text(let text): text.first.map(KeyboardScript.key(typing:))
        case .enter: KeyboardScript.returnKey
        case .backspace: KeyboardScript.named["BackSpace"]
        case .tab: KeyboardScript.named["Tab"]
        case .left: KeyboardScript.named["Left"]
        case .right: KeyboardScript.named["Right"]
        default: nil
        }
    }

    /// How a script writes `key`.
    static func written(_ key: KeyPress) -> String {
        if let name = KeyboardScript.named.first(where: { $0.value == key })?.key { return "{\(name)}" }
        return key.characters
    }
}

extension Optional {
    /// `transform` of the wrapped value, awaited; `nil` when there is none.
    func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
