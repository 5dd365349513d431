import AppExtensions
import ExtensionHost
import Foundation
import TodayWidgets

/// `appex today` on a terminal: every widget drawn at once from its snapshot, then kept up
/// to date by its own process, which the dashboard keeps running while it shows.
///
/// Each widget has one task that owns its session and takes commands (update, change
/// mode) in order (`TodayView.keepShowing`); a widget whose process ended (a crash, a
/// deadline) gets a new one for its next command. Keys, the widgets' answers and the
/// opener's reports all arrive as inputs of one loop, which redraws after each. A URL
/// button is opened here; a button of the widget's own is tapped in its process, and a
/// URL its action asks to open goes through the same opener.
struct TodayDashboard {
    let today: TodayView
    let widgets: [InstalledExtension]
    let opener: WidgetURLOpener

    /// What the dashboard reacts to.
    enum Input: Sendable {
        case key(TerminalKey)
        case outcome(Int, WidgetUpdateOutcome)
        case state(Int, WidgetState)
        case status(String)
        /// The widget at this index asked to open a URL (its button's action did).
        case openRequested(Int, URL)
    }

    /// One widget as the dashboard shows it.
    struct Card {
        var widget: InstalledExtension
        var state: WidgetState?
        var status: String
        var mode = WidgetDisplayMode.compact
    }

    /// Runs until the user quits (q, Esc, Ctrl-C) or the input ends.
    func run() async {
        let snapshots = today.lastSnapshots(of: widgets)
        var cards = widgets.map { Card(widget: $0, state: snapshots[$0.identifier]?.state, status: "updating…") }
        var selected = 0
        var status = widgets.isEmpty ? "no Today widgets installed (or none enabled, or none with content)" : ""
        let (inputs, input) = AsyncStream.makeStream(of: Input.self)
        let commands = widgets.map { _ in AsyncStream.makeStream(of: TodayView.WidgetCommand.self) }
        FileHandle.standardOutput.write(Data(TodayScreen.enter.utf8))
        defer { FileHandle.standardOutput.write(Data(TodayScreen.leave.utf8)) }
        draw(cards, selected: selected, status: status)
        await TerminalMode.withRawInput {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    var reader = TerminalKeyReader()
                    while !Task.isCancelled { input.yield(.key(await TerminalKey.next(&reader))) }
                }
                for (index, widget) in widgets.enumerated() {
                    group.addTask {
                        await today.keepShowing(widget, commands: commands[index].0) { event in
                            switch event {
                            case .updated(let outcome): input.yield(.outcome(index, outcome))
                            case .redrawn(let state): input.yield(.state(index, state))
                            case .refused(let why): input.yield(.status(why))
                            case .openRequested(let url): input.yield(.openRequested(index, url))
                            }
                        }
                    }
                    commands[index].1.yield(.update(.compact))
                }
                for await next in inputs {
                    switch next {
                    case .key(let key):
                        switch key {
                        case .text("q"), .escape, .interrupt, .end:
                            commands.forEach { $0.1.finish() }
                            group.cancelAll()
                            return
                        case .up, .text("k"): selected = max(0, selected - 1)
                        case .down, .text("j"): selected = min(max(0, cards.count - 1), selected + 1)
                        case .text("r"):
                            for index in cards.indices {
                                cards[index].status = "updating…"
                                commands[index].1.yield(.update(cards[index].mode))
                            }
                        case .text(" ") where cards.indices.contains(selected):
                            guard cards[selected].state?.largestAvailableDisplayMode == .expanded else {
                                status = "\(cards[selected].widget.displayName) has no expanded mode"
                                break
                            }
                            cards[selected].mode = cards[selected].mode == .compact ? .expanded : .compact
                            commands[selected].1.yield(.changeMode(cards[selected].mode))
                        case .text(let digit) where cards.indices.contains(selected) && Int(digit).map({ (1...9).contains($0) }) == true:
                            let buttons = cards[selected].state?.view.buttons ?? []
                            guard let number = Int(digit), number <= buttons.count else {
                                status = "\(cards[selected].widget.displayName) has no button \(digit)"
                                break
                            }
                            switch buttons[number - 1].choice {
                            case .open(let url):
                                let widget = cards[selected].widget
                                status = "opening \(url.absoluteString)…"
                                group.addTask { input.yield(.status(await opener.open(url, for: widget))) }
                            case .tap(_, isEnabled: false):
                                status = "\(buttons[number - 1].title) is disabled"
                            case .tap(let id, isEnabled: true):
                                // The widget's process runs the button's actions and redraws (a
                                // refusal, or a URL they open, comes back to the status line).
                                status = ""
                                commands[selected].1.yield(.tap(id))
                            }
                        default:
                            break
                        }
                    case .outcome(let index, let outcome):
                        cards[index].state = outcome.state ?? cards[index].state
                        cards[index].status = outcome.status
                        if let message = outcome.message { status = message }
                    case .state(let index, let state):
                        cards[index].state = state
                    case .status(let text):
                        status = text
                    case .openRequested(let index, let url):
                        let widget = cards[index].widget
                        status = "opening \(url.absoluteString)…"
                        group.addTask { input.yield(.status(await opener.open(url, for: widget))) }
                    }
                    draw(cards, selected: selected, status: status)
                }
            }
        }
    }

    private func draw(_ cards: [Card], selected: Int, status: String) {
        let screen = TodayScreen(columns: TerminalMode.columns, rows: TerminalMode.rows, sizes: today.sizes)
        FileHandle.standardOutput.write(Data(screen.render(cards, selected: selected, status: status).utf8))
    }
}
