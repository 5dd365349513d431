import AppExtensions
import ExtensionHost
import TodayWidgets

/// One widget drawn on a terminal: a box with the widget's name and status in its top
/// border, its view inside, clipped to the height its mode allows.
///
/// ```
/// ┌ Notes ─────────────────────── stale ┐
/// │ Notes                               │
/// │ Groceries                   9:12    │
/// │ [1 Open Notes]                      │
/// └─────────────────────────────────────┘
/// ```
struct WidgetCard {
    /// The widget's name.
    var title: String
    /// What the top border says on the right: the result of a failed update, "stale",
    /// "updating…"; empty for a fresh view.
    var status: String
    /// What it shows, if anything yet.
    var state: WidgetState?
    /// The mode it is shown in.
    var mode: WidgetDisplayMode
    /// Whether the card is selected (its border drawn bold).
    var selected = false
    /// Whether to use the terminal's bold and dim (off when the output is not a terminal).
    var styled = true

    /// The most body rows in `mode` for a view of `state` with `sizes`: five compact
    /// (Apple's 110 points), else the preferred height or the content, at most the
    /// expanded maximum.
    static func bodyRows(_ state: WidgetState?, mode: WidgetDisplayMode, sizes: WidgetSizes, content: Int) -> Int {
        let rows = { (points: Double) in max(1, Int(points / WidgetSizes.pointsPerRow)) }
        if mode == .compact { return rows(WidgetSizes.compactHeight) }
        let most = rows(Double(sizes.expanded.height))
        let preferred = state?.preferredContentSize.height ?? 0
        return min(most, preferred > 0 ? rows(preferred) : max(content, 1))
    }

    /// The card as lines of exactly `width` columns.
    func lines(width: Int, sizes: WidgetSizes) -> [String] {
        let inner = max(10, width - 4)
        let body = bodyLines(width: inner)
        let rows = Self.bodyRows(state, mode: mode, sizes: sizes, content: body.count)
        var shown = Array(body.prefix(rows))
        if body.count > rows, let last = shown.indices.last { shown[last] = dim(DisplayWidth.pad("…", to: inner)) }
        while shown.count < rows { shown.append(String(repeating: " ", count: inner)) }
        let (h, v, tl, tr, bl, br) = selected ? ("━", "┃", "┏", "┓", "┗", "┛") : ("─", "│", "┌", "┐", "└", "┘")
        let name = DisplayWidth.truncate(title, to: max(1, inner - DisplayWidth.of(status) - 3))
        let fill = max(0, width - 4 - DisplayWidth.of(name) - (status.isEmpty ? 0 : DisplayWidth.of(status) + 2))
        let top = "\(tl) \(bold(name)) " + String(repeating: h, count: fill) + (status.isEmpty ? "" : " \(dim(status)) ") + tr
        return [top] + shown.map { "\(v) \($0) \(v)" } + [bl + String(repeating: h, count: width - 2) + br]
    }

    /// The view's elements as lines of exactly `width` columns; buttons are numbered from 1.
    private func bodyLines(width: Int) -> [String] {
        guard let state else { return [dim(DisplayWidth.pad("updating…", to: width))] }
        var lines: [String] = []
        var button = 0
        for element in state.view.elements {
            switch element {
            case .title(let text):
                lines.append(bold(DisplayWidth.pad(DisplayWidth.truncate(text, to: width), to: width)))
            case .text(let text):
                lines += DisplayWidth.wrap(text, width: width).map { DisplayWidth.pad($0, to: width) }
            case .caption(let text):
                lines += DisplayWidth.wrap(text, width: width).map { dim(DisplayWidth.pad($0, to: width)) }
            case .row(let label, let detail):
                let right = DisplayWidth.truncate(detail, to: max(1, width / 2))
                let left = DisplayWidth.truncate(label, to: max(1, width - DisplayWidth.of(right) - 1))
                lines.append(left + String(repeating: " ", count: max(1, width - DisplayWidth.of(left) - DisplayWidth.of(right))) + right)
            case .image(let image):
                // Drawn in colour on a terminal; described where the output is not one.
                if styled, let picture = TerminalPicture.lines(of: image.data, width: width) {
                    lines += picture
                } else {
                    lines.append(dim(DisplayWidth.pad(DisplayWidth.truncate("[image: \(image.accessibilityLabel)]", to: width), to: width)))
                }
            case .button(let text, _):
                button += 1
                lines.append(DisplayWidth.pad(DisplayWidth.truncate("[\(button) \(text)]", to: width), to: width))
            case .action(let text, _, let isEnabled):
                // Chosen as a URL button is (its number); its process runs what it does.
                button += 1
                let line = DisplayWidth.pad(DisplayWidth.truncate("[\(button) \(text)]", to: width), to: width)
                lines.append(isEnabled ? line : dim(line))
            case .separator:
                lines.append(dim(String(repeating: "╌", count: width)))
            }
        }
        return lines.isEmpty ? [String(repeating: " ", count: width)] : lines
    }

    private func bold(_ text: String) -> String { styled ? "\u{1b}[1m\(text)\u{1b}[0m" : text }
    private func dim(_ text: String) -> String { styled ? "\u{1b}[2m\(text)\u{1b}[0m" : text }
}

extension WidgetUpdateOutcome {
    /// What a card's border says about this outcome.
    var status: String {
        switch result {
        case .newData, .noData: ""
        default: isStale ? "\(result.name) · stale" : result.name
        }
    }
}
