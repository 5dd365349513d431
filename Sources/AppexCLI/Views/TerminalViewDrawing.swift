import ExtensionUI
import Foundation

/// The lines that draw a ``TerminalViewState``: the bar (bar buttons and the title), a
/// rule, the elements in reading order, an alert as a box below them, the keys, and the
/// last refusal.
struct TerminalViewDrawing {
    let state: TerminalViewState
    /// Shown when the controller has no title.
    let name: String
    /// Columns to draw in.
    let width: Int

    private static let bold = "\u{1b}[1m", dim = "\u{1b}[2m", reverse = "\u{1b}[7m", red = "\u{1b}[31m", yellow = "\u{1b}[33m"
    private static let reset = "\u{1b}[0m"

    func lines() -> [String] {
        let shown = state.shown
        var lines = [bar(), String(repeating: "─", count: width)]
        for element in shown.elements { lines += self.lines(of: element) }
        if let alert = shown.alert {
            lines.append("")
            lines += box(alert)
            lines.append("")
            lines.append(Self.dim + "1–9 or Enter choose · Tab/↑/↓ move · Esc cancel" + Self.reset)
        } else {
            lines.append("")
            lines.append(Self.dim + "Tab/↑/↓ move · Enter or Space choose · 1–9 buttons · type to edit · Esc cancel" + Self.reset)
        }
        if let status = state.status { lines.append(Self.yellow + status + Self.reset) }
        return lines
    }

    /// The bar buttons around the title: `[Cancel]  Fixture  [Done]`.
    private func bar() -> String {
        let buttons = state.shown.barButtons
        let left = buttons.first.map { [$0] } ?? []
        let right = Array(buttons.dropFirst())
        let title = state.shown.title ?? name
        func drawn(_ items: [ViewSnapshot.Element]) -> (text: String, columns: Int) {
            let texts = items.map { "[\($0.text ?? "")]" }
            let styled = zip(items, texts).map { element, text in style(text, focused: state.focus == .element(element.id), enabled: element.isEnabled) }
            return (styled.joined(separator: " "), DisplayWidth.of(texts.joined(separator: " ")))
        }
        let (leftText, leftColumns) = drawn(left)
        let (rightText, rightColumns) = drawn(right)
        let room = max(1, width - leftColumns - rightColumns - 2)
        let shownTitle = DisplayWidth.truncate(title, to: room)
        let before = max(1, (width - DisplayWidth.of(shownTitle)) / 2 - leftColumns)
        let after = max(1, width - leftColumns - before - DisplayWidth.of(shownTitle) - rightColumns)
        return leftText + String(repeating: " ", count: before) + Self.bold + shownTitle + Self.reset
            + String(repeating: " ", count: after) + rightText
    }

    /// One element's lines.
    private func lines(of element: ViewSnapshot.Element) -> [String] {
        let focused = state.focus == .element(element.id)
        let mark = focused ? "› " : "  "
        let text = element.text ?? ""
        switch element.kind {
        case .heading:
            return DisplayWidth.wrap(text, width: width).map { Self.bold + $0 + Self.reset }
        case .text:
            return DisplayWidth.wrap(text, width: width)
        case .caption:
            return DisplayWidth.wrap(text, width: width).map { Self.dim + $0 + Self.reset }
        case .row:
            let detail = DisplayWidth.truncate(element.detail ?? "", to: max(1, width / 2))
            let label = DisplayWidth.truncate(text, to: max(1, width - DisplayWidth.of(detail) - 1))
            return [DisplayWidth.pad(label, to: width - DisplayWidth.of(detail)) + detail]
        case .image:
            let label = "[image: \(text.isEmpty ? "untitled" : text)]"
            let picture = element.image.flatMap { TerminalPicture.lines(of: $0, width: min(width, 32)) } ?? []
            return picture + [Self.dim + label + Self.reset]
        case .button:
            let number = state.numberedButtons.firstIndex { $0.id == element.id }.map { "\($0 + 1)) " } ?? "   "
            return [mark + number + style(text, focused: focused, enabled: element.isEnabled)]
        case .textField:
            let typed = state.text(of: element.id)
            let body = typed.isEmpty ? Self.dim + (element.placeholder ?? "") + Self.reset : (text.first == "•" ? text : typed)
            return [mark + "[ " + body + (focused ? "▏" : "") + " ]"]
        case .textView:
            let body = DisplayWidth.wrap(state.text(of: element.id), width: width - 4)
            return body.enumerated().map { index, line in
                (index == 0 ? mark : "  ") + "│ " + line + (focused && index == body.count - 1 ? "▏" : "")
            }
        case .toggle:
            let box = element.isOn == true ? "[x]" : "[ ]"
            return [mark + style(box + " " + text, focused: focused, enabled: element.isEnabled)]
        case .activity:
            return ["⋯ " + text]
        }
    }

    /// The alert as the host's own dialog: a box with the title, the message, the fields
    /// and the numbered actions.
    func box(_ alert: ViewSnapshot.Alert) -> [String] {
        let inner = min(width - 4, 56)
        var rows: [(text: String, styled: String)] = []
        for line in alert.title.map({ DisplayWidth.wrap($0, width: inner) }) ?? [] { rows.append((line, Self.bold + line + Self.reset)) }
        for line in alert.message.map({ DisplayWidth.wrap($0, width: inner) }) ?? [] { rows.append((line, line)) }
        for (index, field) in alert.fields.enumerated() {
            let focused = state.focus == .alertField(index)
            let typed = state.alertText(index)
            let shownText = field.isSecure ? String(repeating: "•", count: typed.count) : typed
            let plain = (focused ? "› " : "  ") + "[ " + (typed.isEmpty ? field.placeholder ?? "" : shownText) + (focused ? "▏" : "") + " ]"
            let styled = typed.isEmpty ? plain.replacingOccurrences(of: field.placeholder ?? "\u{0}", with: Self.dim + (field.placeholder ?? "") + Self.reset) : plain
            rows.append((plain, styled))
        }
        for (index, action) in alert.actions.enumerated() {
            let focused = state.focus == .alertAction(index)
            let label = "\(index + 1)) \(action.title)"
            var styled = action.isPreferred ? Self.bold + label + Self.reset : label
            if action.style == "destructive" { styled = Self.red + styled + Self.reset }
            if !action.isEnabled { styled = Self.dim + label + Self.reset }
            if focused { styled = Self.reverse + label + Self.reset }
            rows.append(((focused ? "› " : "  ") + label, (focused ? "› " : "  ") + styled))
        }
        let top = "┌" + String(repeating: "─", count: inner + 2) + "┐"
        let bottom = "└" + String(repeating: "─", count: inner + 2) + "┘"
        return [top] + rows.map { row in
            "│ " + row.styled + String(repeating: " ", count: max(0, inner - DisplayWidth.of(row.text))) + " │"
        } + [bottom]
    }

    private func style(_ text: String, focused: Bool, enabled: Bool) -> String {
        if focused { return Self.reverse + text + Self.reset }
        return enabled ? text : Self.dim + text + Self.reset
    }
}
