import AppExtensions
import ExtensionHost
import Foundation
import TodayWidgets

/// What the web dashboard shows and how it answers its page: every widget's card, and
/// the status line. A value: the dashboard's loop owns the one copy and changes it in order.
struct TodayBoard: Sendable {
    /// One widget as the board shows it.
    struct Card: Sendable {
        var widget: InstalledExtension
        var state: WidgetState?
        /// `updating…`, a failed update's result (with `· stale`), or empty.
        var status: String
        var stale = false
        var mode = WidgetDisplayMode.compact
    }

    /// What the dashboard does for a page's request.
    enum Reply: Sendable, Equatable {
        /// Send these widgets these commands, and the pages the cards that changed.
        case commands([Int: TodayView.WidgetCommand], changed: [Int])
        /// Open the URL of the widget at this index (the opener's sentence becomes the status).
        case open(URL, index: Int)
        /// The request cannot be done: say why in the status line.
        case refuse(String)
    }

    private(set) var cards: [Card]
    private(set) var status: String
    /// The room the widgets are told they have.
    let sizes: WidgetSizes

    /// The board of `widgets`, each drawn from its last snapshot and marked as updating.
    init(widgets: [InstalledExtension], snapshots: [String: WidgetSnapshot], sizes: WidgetSizes) {
        cards = widgets.map { Card(widget: $0, state: snapshots[$0.identifier]?.state, status: "updating…") }
        status = widgets.isEmpty ? "No Today widgets installed (or none enabled, or none with content)." : ""
        self.sizes = sizes
    }

    /// The whole board, as a page is sent it first.
    var message: TodayPageMessage {
        .board(cards.indices.map(pageCard), status: status)
    }

    /// The card at `index` as the page draws it.
    func pageCard(_ index: Int) -> TodayPageCard {
        TodayPageCard(index: index, card: cards[index], sizes: sizes)
    }

    /// Takes in what the widget at `index` reported; the card to send the pages.
    mutating func apply(_ event: TodayView.WidgetEvent, at index: Int) -> TodayPageMessage {
        switch event {
        case .updated(let outcome):
            cards[index].state = outcome.state ?? cards[index].state
            cards[index].stale = outcome.isStale
            cards[index].status = switch outcome.result {
            case .newData, .noData: ""
            default: outcome.isStale ? "\(outcome.result.name) · stale" : outcome.result.name
            }
        case .redrawn(let state):
            cards[index].state = state
        case .refused(let why):
            return setStatus(why)
        case .openRequested:
            // The loop opens it; nothing on the card changes.
            return .status(status)
        }
        return .card(pageCard(index))
    }

    /// Sets the status line; the message that says so.
    mutating func setStatus(_ text: String) -> TodayPageMessage {
        status = text
        return .status(text)
    }

    /// What to do for the page's `request`; the board already shows it (a card marked as
    /// updating, a mode switched).
    mutating func handle(_ request: TodayPageRequest) -> Reply {
        switch request.kind {
        case "refresh":
            var commands: [Int: TodayView.WidgetCommand] = [:]
            for index in cards.indices {
                cards[index].status = "updating…"
                commands[index] = .update(cards[index].mode)
            }
            return .commands(commands, changed: Array(cards.indices))
        case "mode":
            guard let index = request.index, cards.indices.contains(index) else { return .refuse(Self.noWidget(request.index)) }
            guard let mode = request.mode.flatMap(Self.mode(named:)) else {
                return .refuse("\(request.mode.map { "\"\($0)\"" } ?? "no mode") is not a display mode (compact or expanded)")
            }
            guard mode == .compact || cards[index].state?.largestAvailableDisplayMode == .expanded else {
                return .refuse("\(cards[index].widget.displayName) has no expanded mode")
            }
            cards[index].mode = mode
            return .commands([index: .changeMode(mode)], changed: [index])
        case "open":
            guard let index = request.index, cards.indices.contains(index) else { return .refuse(Self.noWidget(request.index)) }
            let buttons = cards[index].state?.view.buttons ?? []
            guard let number = request.button, number >= 1, number <= buttons.count else {
                return .refuse("\(cards[index].widget.displayName) has no button \(request.button.map(String.init) ?? "(none given)")")
            }
            switch buttons[number - 1].choice {
            case .open(let url): return .open(url, index: index)
            case .tap(_, isEnabled: false): return .refuse("\(buttons[number - 1].title) is disabled.")
            // The widget's process runs the button's actions and redraws.
            case .tap(let id, isEnabled: true): return .commands([index: .tap(id)], changed: [])
            }
        default:
            return .refuse("The page sent a request the dashboard does not know: \"\(request.kind)\".")
        }
    }

    private static func noWidget(_ index: Int?) -> String {
        "There is no widget \(index.map(String.init) ?? "(none given)") on this dashboard."
    }

    private static func mode(named name: String) -> WidgetDisplayMode? {
        switch name {
        case "compact": .compact
        case "expanded": .expanded
        default: nil
        }
    }
}
