import AppExtensions
import ExtensionHost
import Foundation
import TodayWidgets

/// The web dashboard's one loop: the widgets' reports, the pages' requests and comings
/// and goings, the opener's sentences and the idle timer all arrive as inputs and change
/// the board in order; each change goes to every page.
///
/// It owns every task of the dashboard in one group: a task per widget
/// (`TodayView.keepShowing`), one per button being opened, and the idle timer. It ends
/// when no page has been open for the grace period (or none came in time), or when
/// cancelled; then the widgets' commands end, their processes with them, and the pages
/// are told (their sockets close).
struct TodayLoop {
    let view: WebTodayView
    let input: AsyncStream<Input>.Continuation

    /// What the loop reacts to.
    enum Input: Sendable {
        /// A page connected; it is sent messages through this continuation.
        case connected(Int, AsyncStream<TodayPageMessage>.Continuation)
        /// The page went away.
        case disconnected(Int)
        /// A page asked for something.
        case request(TodayPageRequest)
        /// The widget at this index reported.
        case widget(Int, TodayView.WidgetEvent)
        /// A sentence for the status line (the opener's).
        case status(String)
        /// The idle timer of this generation fired.
        case idle(generation: Int)
    }

    func run(_ inputs: AsyncStream<Input>) async -> WebTodayView.Ending {
        var board = TodayBoard(widgets: view.widgets, snapshots: view.today.lastSnapshots(of: view.widgets), sizes: view.today.sizes)
        var pages: [Int: AsyncStream<TodayPageMessage>.Continuation] = [:]
        var everConnected = false
        // Each connection or disconnection starts a new generation: an older timer is stale.
        var generation = 0
        let commands = view.widgets.map { _ in AsyncStream.makeStream(of: TodayView.WidgetCommand.self) }
        var iterator = inputs.makeAsyncIterator()
        let ending = await withTaskGroup(of: Void.self) { group -> WebTodayView.Ending in
            let input = self.input
            for (index, widget) in view.widgets.enumerated() {
                group.addTask {
                    await view.today.keepShowing(widget, commands: commands[index].0) { input.yield(.widget(index, $0)) }
                }
                commands[index].1.yield(.update(.compact))
            }
            startTimer(view.connectionDeadline, generation: generation, in: &group)
            let broadcast = { (message: TodayPageMessage) in pages.values.forEach { $0.yield(message) } }
            // The widgets' commands end (and their processes with them), the rest is cancelled.
            func end(_ ending: WebTodayView.Ending) -> WebTodayView.Ending {
                commands.forEach { $0.1.finish() }
                group.cancelAll()
                return ending
            }
            while let next = await iterator.next() {
                switch next {
                case .connected(let page, let outbox):
                    pages[page] = outbox
                    everConnected = true
                    generation += 1
                    outbox.yield(board.message)
                case .disconnected(let page):
                    pages[page] = nil
                    generation += 1
                    if pages.isEmpty { startTimer(view.closeGrace, generation: generation, in: &group) }
                case .request(let request):
                    switch board.handle(request) {
                    case .commands(let sent, let changed):
                        for (index, command) in sent { commands[index].1.yield(command) }
                        changed.forEach { broadcast(.card(board.pageCard($0))) }
                    case .open(let url, let index):
                        broadcast(board.setStatus("Opening \(url.absoluteString)…"))
                        let widget = view.widgets[index]
                        group.addTask { input.yield(.status(await view.openURL(url, widget))) }
                    case .refuse(let why):
                        broadcast(board.setStatus(why))
                    }
                case .widget(let index, .openRequested(let url)):
                    // The widget's own button asked to open a URL: the same opener as a URL button's.
                    broadcast(board.setStatus("Opening \(url.absoluteString)…"))
                    let widget = view.widgets[index]
                    group.addTask { input.yield(.status(await view.openURL(url, widget))) }
                case .widget(let index, let event):
                    broadcast(board.apply(event, at: index))
                case .status(let text):
                    broadcast(board.setStatus(text))
                case .idle(let fired):
                    if fired == generation, pages.isEmpty { return end(everConnected ? .closed : .notOpened) }
                }
            }
            return end(.cancelled)
        }
        // No page joins from now on, and those still here are told (their sockets close),
        // with any whose arrival the loop did not read.
        input.finish()
        pages.values.forEach { $0.finish() }
        while let leftover = await iterator.next() {
            if case .connected(_, let outbox) = leftover { outbox.finish() }
        }
        return ending
    }

    private func startTimer(_ delay: Duration, generation: Int, in group: inout TaskGroup<Void>) {
        let input = self.input
        group.addTask {
            guard (try? await Task.sleep(for: delay)) != nil else { return }
            input.yield(.idle(generation: generation))
        }
    }
}
