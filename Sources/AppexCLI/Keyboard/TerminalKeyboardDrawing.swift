import ExtensionUI
import Foundation

/// The lines of `appex keyboard try`: the keyboard's name, the field (the composition
/// underlined, the insertion point in reverse video), the keyboard's keys row by row as
/// its view lays them out, and what the keyboard or the host said.
struct TerminalKeyboardDrawing {
    let name: String
    let field: TerminalTextField.State
    /// The keyboard's view; `nil` when it is out of the way.
    let keys: ViewSnapshot?
    let isSecure: Bool
    let width: Int

    private static let bold = "\u{1b}[1m", dim = "\u{1b}[2m", reverse = "\u{1b}[7m", underline = "\u{1b}[4m", yellow = "\u{1b}[33m"
    private static let reset = "\u{1b}[0m"

    func lines() -> [String] {
        var lines = [Self.bold + DisplayWidth.truncate(name, to: width) + Self.reset]
        lines.append("┌" + String(repeating: "─", count: width - 2) + "┐")
        for line in fieldLines() { lines.append("│ " + line.text + String(repeating: " ", count: max(0, width - 4 - line.columns)) + " │") }
        lines.append("└" + String(repeating: "─", count: width - 2) + "┘")
        if isSecure {
            lines.append(Self.dim + "a secure field: the keyboard is out of the way, keys go straight to the field" + Self.reset)
        } else if let keys {
            lines += rows(of: keys)
        }
        lines.append("")
        let hint = "a key presses the keyboard's key of that title, others go to the field · Esc or Ctrl-D ends"
        lines.append(Self.dim + DisplayWidth.truncate(hint, to: width) + Self.reset)
        for notice in field.notices { lines.append(Self.yellow + notice + Self.reset) }
        return lines
    }

    /// The field on one line, scrolled so that the insertion point shows: the composition
    /// underlined, the character at the insertion point in reverse video; a line break shows as ⏎.
    private func fieldLines() -> [(text: String, columns: Int)] {
        func shown(_ scalars: [Unicode.Scalar]) -> String {
            let text = String(String.UnicodeScalarView(scalars)).replacingOccurrences(of: "\n", with: "⏎")
            return isSecure ? String(repeating: "•", count: text.count) : text
        }
        let room = width - 4
        var head = shown(field.before)
        let tail = shown(field.after)
        let caret = tail.first.map(String.init) ?? " "
        // Scrolled: what is before the insertion point loses its start when it does not fit.
        while !head.isEmpty, DisplayWidth.of(head) + DisplayWidth.of(field.preedit) + DisplayWidth.of(caret) > room {
            head.removeFirst()
        }
        var rest = String(tail.dropFirst())
        while !rest.isEmpty, DisplayWidth.of(head + field.preedit + caret + rest) > room { rest.removeLast() }
        let composing = field.preedit.isEmpty ? "" : Self.underline + field.preedit + Self.reset
        let text = head + composing + Self.reverse + caret + Self.reset + rest
        return [(text, DisplayWidth.of(head + field.preedit + caret + rest))]
    }

    /// The keys, a row per horizontal stack of the keyboard's view: `[q] [w] [e] …`.
    private func rows(of snapshot: ViewSnapshot) -> [String] {
        var lines: [String] = []
        for row in snapshot.lines {
            var line = ""
            var used = 0
            for element in row {
                let text = element.kind == .button ? "[\(element.text ?? "")]" : (element.text ?? "")
                let columns = DisplayWidth.of(text)
                if used > 0, used + 1 + columns > width {
                    lines.append(line)
                    (line, used) = ("", 0)
                }
                line += (used > 0 ? " " : "") + (element.isEnabled ? text : Self.dim + text + Self.reset)
                used += (used > 0 ? 1 : 0) + columns
            }
            lines.append(line)
        }
        return lines
    }
}
