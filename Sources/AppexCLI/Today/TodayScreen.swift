import ExtensionHost
import TodayWidgets

/// The dashboard's screen: a header, the cards (scrolled so that the selected one shows),
/// and a status line, drawn over the whole terminal.
struct TodayScreen {
    /// Enters the alternate screen and hides the cursor.
    static let enter = "\u{1b}[?1049h\u{1b}[?25l"
    /// Shows the cursor and leaves the alternate screen.
    static let leave = "\u{1b}[?25h\u{1b}[?1049l"

    let columns: Int
    let rows: Int
    let sizes: WidgetSizes

    /// How wide the cards are on a terminal `columns` wide: all of it, at most 72.
    static func cardWidth(columns: Int) -> Int { max(24, min(columns, 72)) }

    /// The whole screen for `cards`, `selected` highlighted.
    func render(_ cards: [TodayDashboard.Card], selected: Int, status: String) -> String {
        let width = Self.cardWidth(columns: columns)
        let blocks = cards.enumerated().map { index, card in
            WidgetCard(title: card.widget.displayName, status: card.status, state: card.state, mode: card.mode,
                       selected: index == selected).lines(width: width, sizes: sizes)
        }
        let room = max(1, rows - 3)
        // The first card shown: the selected one must fit below it.
        var first = 0
        while first < selected, blocks[first...selected].reduce(0, { $0 + $1.count }) > room { first += 1 }
        var body: [String] = []
        for block in blocks[first...] {
            if body.count + block.count > room, !body.isEmpty { break }
            body += block
        }
        let header = "\u{1b}[1mToday\u{1b}[0m  \(cards.count) widget\(cards.count == 1 ? "" : "s")"
            + "  \u{1b}[2m↑↓ select · Space more/less · 1–9 open · r update · q quit\u{1b}[0m"
        // Every row written, the status on the last: no cursor addressing, so a capture of
        // the output reads as the screen does.
        var lines = [header, ""] + body.prefix(room)
        while lines.count < rows - 1 { lines.append("") }
        lines.append(DisplayWidth.truncate(status, to: columns - 1))
        return "\u{1b}[2J\u{1b}[H" + lines.joined(separator: "\r\n")
    }
}
