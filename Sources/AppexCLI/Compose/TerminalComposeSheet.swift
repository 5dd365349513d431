import ComposeSheet
import ExtensionHost
import ExtensionUI
import Foundation

/// The compose sheet on a terminal: the shared content, an editable text, the counter,
/// Post and Cancel, the configuration items and pushed choice lists, drawn after every
/// state the extension sends.
///
/// Keys: typing edits the text (Enter adds a line, Backspace removes a character); Tab
/// moves between the text, the items, Post and Cancel; ↑/↓ move among items or choices;
/// Enter taps, chooses, posts or cancels what is selected; Esc goes back from a pushed list
/// (or cancels); Ctrl-D posts; Ctrl-C cancels. An alert the controller presents is drawn
/// as the host's own dialog box below the sheet, and the sheet waits until one of its
/// actions is chosen (1–9 or Enter; Esc chooses its cancel action; typing edits its field).
struct TerminalComposeSheet {
    /// Where the keyboard is.
    enum Focus: Equatable {
        case text, item(Int), post, cancel
    }

    let session: ExtensionSession
    let title: String

    /// What the sheet reacts to: a key, or a state the extension published on its own.
    enum Input: Sendable {
        case key(TerminalKey)
        case published(ComposeSheetState)
        /// The run is over (an alert shown after Post was answered, say).
        case ended
    }

    /// Runs the sheet until the user posts or cancels, or the run ends.
    func run() async {
        guard var state = await session.composeSheet() else { return }
        var focus = Focus.text
        var choice = 0
        var status: String?
        // The presented alert, with where the keyboard is in it and what was typed.
        var alert = Self.alertState(for: state, keeping: nil)
        await TerminalMode.withRawInput {
            await withTaskGroup(of: Void.self) { group in
                let (inputs, input) = AsyncStream.makeStream(of: Input.self)
                group.addTask {
                    var reader = TerminalKeyReader()
                    while !Task.isCancelled { input.yield(.key(await TerminalKey.next(&reader))) }
                }
                group.addTask { [session] in
                    // A pending item's value, the preview's text: drawn as they come.
                    for await event in session.events {
                        if case .composeSheet(let published) = event { input.yield(.published(published)) }
                        if case .ended = event { input.yield(.ended) }
                    }
                }
                draw(state, focus: focus, choice: choice, status: status, alert: alert)
                for await next in inputs {
                    if case .ended = next { break }
                    guard case .key(let key) = next else {
                        if case .published(let published) = next, published.revision > state.revision {
                            state = published
                            alert = Self.alertState(for: state, keeping: alert)
                            draw(state, focus: focus, choice: choice, status: status, alert: alert)
                        }
                        continue
                    }
                    var event: ComposeSheetEvent?
                    if var shown = alert {
                        // The sheet waits while an alert is shown.
                        switch shown.command(for: key) {
                        case .act(.chooseAlertAction(let index)): event = .alertAction(index)
                        case .act(.editAlertField(let index, let text)): event = .alertFieldEdited(index, text: text)
                        case .move(let to): shown.focus(to)
                        default: break
                        }
                        alert = shown
                    } else if case .choices(let choices, _)? = state.pushed?.content {
                        switch key {
                        case .up: choice = max(0, choice - 1)
                        case .down: choice = min(choices.count - 1, choice + 1)
                        case .enter: event = .choiceMade(choice)
                        case .escape, .left: event = .back
                        case .interrupt, .end: event = .cancel
                        default: break
                        }
                    } else {
                        (event, focus) = Self.event(for: key, state: state, focus: focus)
                    }
                    if let event {
                        guard let reply = await session.send(event) else { break }
                        // The newest state wins: a published one may have come first.
                        if reply.state.revision >= state.revision { state = reply.state }
                        status = reply.refusal.map { "\($0.message)" }
                        if reply.refusal == nil, case .alertFieldEdited(let index, let text) = event {
                            alert?.record(.editAlertField(index, text: text))
                        }
                        alert = Self.alertState(for: state, keeping: alert)
                        if case .choices(_, let selected)? = state.pushed?.content { choice = selected ?? 0 }
                        // After Post, an alert (a failed sign-in, say) may still be shown.
                        if reply.refusal == nil, event == .post || event == .cancel, state.alert == nil { break }
                    }
                    draw(state, focus: focus, choice: choice, status: status, alert: alert)
                }
                group.cancelAll()
            }
        }
        print("\u{1b}[0m")
    }

    /// The event a key makes on the sheet (no list pushed), and where the focus goes.
    static func event(for key: TerminalKey, state: ComposeSheetState, focus: Focus) -> (ComposeSheetEvent?, Focus) {
        let stops: [Focus] = [.text] + state.items.indices.map { .item($0) } + [.post, .cancel]
        let index = stops.firstIndex(of: focus) ?? 0
        switch key {
        case .text(let text) where focus == .text: return (.textEdited(state.contentText + text), focus)
        case .enter where focus == .text: return (.textEdited(state.contentText + "\n"), focus)
        case .backspace where focus == .text: return (.textEdited(String(state.contentText.dropLast())), focus)
        case .tab, .down: return (nil, stops[(index + 1) % stops.count])
        case .up: return (nil, stops[(index + stops.count - 1) % stops.count])
        case .enter:
            switch focus {
            case .item(let item): return (.itemTapped(item), focus)
            case .post: return (.post, focus)
            case .cancel: return (.cancel, focus)
            case .text: return (nil, focus)
            }
        case .post: return (.post, focus)
        case .escape, .interrupt, .end: return (.cancel, focus)
        default: return (nil, focus)
        }
    }

    /// The alert shown over `state`, as the view sheet draws and drives it; `kept`'s focus
    /// and typing go on while it is the same alert.
    static func alertState(for state: ComposeSheetState, keeping kept: TerminalViewState?) -> TerminalViewState? {
        guard let alert = state.alert else { return nil }
        let snapshot = ViewSnapshot(revision: state.revision, title: state.title, elements: [], alert: alert)
        guard var kept else { return TerminalViewState(shown: snapshot) }
        kept.show(snapshot)
        return kept
    }

    /// Draws the whole sheet.
    private func draw(_ state: ComposeSheetState, focus: Focus, choice: Int, status: String?, alert: TerminalViewState?) {
        let width = max(30, min(TerminalMode.columns, 100)) - 4
        var out = "\u{1b}[2J\u{1b}[H"
        func line(_ text: String = "") { out += text + "\r\n" }
        // The controller's title, when it set one; the extension's name otherwise.
        line("\u{1b}[1m\(state.title ?? title)\u{1b}[0m")
        if let preview = state.preview {
            line(DisplayWidth.truncate("Sharing \(preview.kind.rawValue): \(preview.detail ?? preview.title)", to: width + 4))
        }
        if let pushed = state.pushed {
            line("< Back   \u{1b}[1m\(pushed.title)\u{1b}[0m")
            if case .choices(let choices, let selected) = pushed.content {
                for (index, title) in choices.enumerated() {
                    let mark = index == selected ? "●" : "○"
                    line((index == choice ? "\u{1b}[7m> " : "  ") + "\(mark) \(title)" + "\u{1b}[0m")
                }
            }
            line()
            line("↑/↓ choose, Enter select, Esc back")
        } else {
            line("┌" + String(repeating: "─", count: width + 2))
            let body = state.contentText.isEmpty ? ["\u{1b}[2m\(state.placeholder ?? "")\u{1b}[0m"] : DisplayWidth.wrap(state.contentText, width: width)
            for (index, text) in body.enumerated() {
                let cursor = focus == .text && index == body.count - 1 ? "▏" : ""
                line("│ " + text + cursor)
            }
            let counter = state.charactersRemaining.map { $0 < 0 ? "\u{1b}[31m\($0)\u{1b}[0m" : "\($0)" } ?? ""
            let post = state.isPostEnabled ? "[Post]" : "\u{1b}[2m[Post]\u{1b}[0m"
            line("└ \(counter)  " + highlight(post, focus == .post) + " " + highlight("[Cancel]", focus == .cancel))
            for (index, item) in state.items.enumerated() {
                let value = item.valuePending ? "⋯" + (item.value.map { " " + $0 } ?? "") : (item.value ?? "")
                line(highlight("  " + DisplayWidth.pad(item.title, to: 20) + " " + value, focus == .item(index)))
            }
            line()
            line("Type to edit · Tab/↑/↓ move · Enter select · Ctrl-D post · Esc cancel")
        }
        if let alert, let shown = alert.shown.alert {
            line()
            TerminalViewDrawing(state: alert, name: title, width: width).box(shown).forEach { line($0) }
            line("1–9 or Enter choose · Tab/↑/↓ move · Esc cancel")
        }
        if let status { line("\u{1b}[33m\(status)\u{1b}[0m") }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func highlight(_ text: String, _ on: Bool) -> String {
        on ? "\u{1b}[7m" + text + "\u{1b}[0m" : text
    }
}
