import ExtensionHost
import ExtensionUI
import Foundation

/// An extension's own view controller on a terminal: its title and bar buttons, its
/// elements in reading order, and a presented alert as the host's own dialog box, drawn
/// again after every snapshot the extension sends.
///
/// Keys: Tab and ↑/↓ move between the bar buttons, buttons, fields and switches; typing
/// edits the field (Backspace removes a character; Enter adds a line in a text view);
/// Enter or Space taps a button or flips a switch; 1–9 tap the numbered buttons. In an
/// alert, 1–9 or Enter choose an action, typing edits its field. Esc (or Ctrl-C) cancels:
/// the alert's cancel action, else the Cancel bar button, else the host ends the request.
struct TerminalViewSheet {
    let session: ExtensionSession
    /// The extension's name, shown when the controller has no title.
    let name: String

    /// What the sheet reacts to.
    enum Input: Sendable {
        case key(TerminalKey)
        case published(ViewSnapshot)
        case ended
    }

    /// Runs the sheet until the run ends.
    func run(_ first: ViewSnapshot) async {
        var sheet = TerminalViewState(shown: first)
        await TerminalMode.withRawInput {
            await withTaskGroup(of: Void.self) { group in
                let (inputs, input) = AsyncStream.makeStream(of: Input.self)
                group.addTask {
                    var reader = TerminalKeyReader()
                    while !Task.isCancelled { input.yield(.key(await TerminalKey.next(&reader))) }
                }
                group.addTask { [session] in
                    // Changes the controller makes on its own are drawn as they come; the
                    // run's end ends the sheet.
                    for await event in session.events {
                        switch event {
                        case .view(let snapshot): input.yield(.published(snapshot))
                        case .ended: input.yield(.ended)
                        default: break
                        }
                    }
                    input.yield(.ended)
                }
                draw(sheet)
                running: for await next in inputs {
                    switch next {
                    case .ended:
                        break running
                    case .published(let snapshot):
                        guard sheet.show(snapshot) else { continue }
                    case .key(let key):
                        switch sheet.command(for: key) {
                        case .none:
                            break
                        case .move(let focus):
                            sheet.focus(focus)
                        case .act(let action):
                            guard let reply = await session.send(action) else { break running }
                            if reply.refusal == nil { sheet.record(action) }
                            // The newest snapshot wins: a published one may have come first.
                            sheet.show(reply.snapshot)
                            sheet.status = reply.refusal?.message
                        case .endRequest:
                            session.end()
                            break running
                        }
                    }
                    draw(sheet)
                }
                group.cancelAll()
            }
        }
        print("\u{1b}[0m")
    }

    private func draw(_ sheet: TerminalViewState) {
        let width = max(30, min(TerminalMode.columns, 100)) - 2
        let lines = TerminalViewDrawing(state: sheet, name: name, width: width).lines()
        FileHandle.standardOutput.write(Data(("\u{1b}[2J\u{1b}[H" + lines.joined(separator: "\r\n") + "\r\n").utf8))
    }
}
