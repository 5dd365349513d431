import AppExtensions
import Foundation
import TodayWidgets

extension TodayView {
    /// What a dashboard asks of one shown widget.
    public enum WidgetCommand: Hashable, Sendable {
        /// Update in this mode.
        case update(WidgetDisplayMode)
        /// Switch to this mode ("Show More", "Show Less").
        case changeMode(WidgetDisplayMode)
        /// Choose the widget's own button with this identifier (a `.action` element): its
        /// process taps it.
        case tap(Int)
    }

    /// What a shown widget reports back.
    public enum WidgetEvent: Sendable {
        /// An update ended: what to show now.
        case updated(WidgetUpdateOutcome)
        /// The widget redrew for a mode change or after one of its buttons was chosen.
        case redrawn(WidgetState)
        /// One of its buttons could not be chosen (it is disabled, or gone): why, in a sentence.
        case refused(String)
        /// The widget asked the host to open this URL (`extensionContext.open(_:)`, as its
        /// button's action does): the dashboard opens it as it opens a URL button's.
        case openRequested(URL)
    }

    /// Keeps `widget` shown: runs `commands` in order, in one process kept while it
    /// answers, and tells `report` what each came to, until `commands` ends or the task is
    /// cancelled. The URLs the widget asks to open are reported as they come.
    ///
    /// A widget whose process ended (a crash, a missed deadline, over its memory) gets a
    /// new one for its next command, which starts with an update in the mode asked for, as
    /// a widget the Today view shows again is updated first (a tap then is refused: the
    /// new process's buttons are not the ones chosen). The terminal dashboard and the web
    /// one (`appex today`, `appex today --web`) each run one of these per widget.
    public func keepShowing(_ widget: InstalledExtension, commands: AsyncStream<WidgetCommand>,
                            report: @escaping @Sendable (WidgetEvent) -> Void) async {
        var iterator = commands.makeAsyncIterator()
        var next = await iterator.next()
        var mode = WidgetDisplayMode.compact
        while let first = next, !Task.isCancelled {
            next = await withWidget(widget) { session -> WidgetCommand? in
                // The widget's requests to open URLs, for as long as this process runs.
                let requests = Task {
                    for await event in session.session.events {
                        if case .openURL(let url, _) = event { report(.openRequested(url)) }
                    }
                }
                defer { requests.cancel() }
                var command: WidgetCommand?
                switch first {
                case .update(let asked), .changeMode(let asked):
                    command = .update(asked)
                case .tap:
                    // A new process: its buttons are not the ones the person chose.
                    report(.refused("\(widget.displayName) was started again; choose its button once more"))
                    command = .update(mode)
                }
                while let current = command {
                    switch current {
                    case .update(let asked):
                        mode = asked
                        let outcome = await session.update(displayMode: asked)
                        report(.updated(outcome))
                        // The process is gone: the next command starts another.
                        guard outcome.result == .newData || outcome.result == .noData || outcome.result == .failed else {
                            return await iterator.next()
                        }
                    case .changeMode(let asked):
                        mode = asked
                        guard let state = await session.changeDisplayMode(to: asked) else { return .changeMode(asked) }
                        report(.redrawn(state))
                    case .tap(let id):
                        guard let reply = await session.tap(id) else { return .tap(id) }
                        if let refusal = reply.refusal {
                            report(.refused("\(widget.displayName) could not take the tap: \(refusal.message)"))
                        } else {
                            report(.redrawn(reply.state))
                        }
                    }
                    command = await iterator.next()
                }
                return nil
            }
        }
    }
}
