import AppExtensions
import TodayWidgets

extension TodayView {
    /// What a dashboard asks of one shown widget.
    public enum WidgetCommand: Hashable, Sendable {
        /// Update in this mode.
        case update(WidgetDisplayMode)
        /// Switch to this mode ("Show More", "Show Less").
        case changeMode(WidgetDisplayMode)
    }

    /// What a shown widget reports back.
    public enum WidgetEvent: Sendable {
        /// An update ended: what to show now.
        case updated(WidgetUpdateOutcome)
        /// The widget redrew for a mode change.
        case redrawn(WidgetState)
    }

    /// Keeps `widget` shown: runs `commands` in order, in one process kept while it
    /// answers, and tells `report` what each came to, until `commands` ends or the task is
    /// cancelled.
    ///
    /// A widget whose process ended (a crash, a missed deadline, over its memory) gets a
    /// new one for its next command, which starts with an update in the mode asked for, as
    /// a widget the Today view shows again is updated first. The terminal dashboard and
    /// the web one (`appex today`, `appex today --web`) each run one of these per widget.
    public func keepShowing(_ widget: InstalledExtension, commands: AsyncStream<WidgetCommand>,
                            report: @Sendable (WidgetEvent) -> Void) async {
        var iterator = commands.makeAsyncIterator()
        var next = await iterator.next()
        while let first = next, !Task.isCancelled {
            next = await withWidget(widget) { session -> WidgetCommand? in
                var command: WidgetCommand? = switch first { case .update(let mode), .changeMode(let mode): .update(mode) }
                while let current = command {
                    switch current {
                    case .update(let mode):
                        let outcome = await session.update(displayMode: mode)
                        report(.updated(outcome))
                        // The process is gone: the next command starts another.
                        guard outcome.result == .newData || outcome.result == .noData || outcome.result == .failed else {
                            return await iterator.next()
                        }
                    case .changeMode(let mode):
                        guard let state = await session.changeDisplayMode(to: mode) else { return .changeMode(mode) }
                        report(.redrawn(state))
                    }
                    command = await iterator.next()
                }
                return nil
            }
        }
    }
}
