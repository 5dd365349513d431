import AppExtensions
import Foundation
import SystemSupport
import TodayWidgets

/// One widget's running process as the Today view uses it: updates that keep its
/// snapshot, and mode changes.
public struct TodayWidgetSession: Sendable {
    /// The view it belongs to.
    public let view: TodayView
    /// The widget.
    public let widget: InstalledExtension
    /// The run underneath.
    public let session: ExtensionSession

    /// Asks the widget to update; the outcome says what to show. A new state is kept as
    /// the widget's snapshot (after `.newData`, or `.noData` when there was none); when
    /// the update gives none, the last snapshot is shown, stale.
    public func update(displayMode: WidgetDisplayMode = .compact) async -> WidgetUpdateOutcome {
        let started = ContinuousClock.now
        // The snapshot files are read and written off Swift's shared threads: ten widgets
        // updating at once would otherwise hold both of a two-core machine's on file I/O.
        let (snapshots, identifier) = (view.snapshots, widget.identifier)
        let previous = await Offload.perform { snapshots?.snapshot(of: identifier) }
        var outcome = WidgetUpdateOutcome(identifier: widget.identifier, displayName: widget.displayName, result: .noData,
                                          state: previous?.state, isStale: false, message: nil, duration: .zero)
        if let reply = await session.updateWidget(displayMode: displayMode, sizes: view.sizes, timeout: view.updateTimeout) {
            outcome.result = .init(reply.result)
            switch reply.result {
            case .newData, .noData:
                outcome.state = reply.state
                if reply.result == .newData || previous == nil {
                    let snapshot = WidgetSnapshot(identifier: identifier, state: reply.state)
                    await Offload.perform { try? snapshots?.save(snapshot) }
                }
            case .failed:
                outcome.isStale = previous != nil
                outcome.message = "\(widget.identifier) said its update failed"
            }
        } else {
            session.end()
            let report = await session.report()
            let error: ExtensionHostError = switch report.outcome {
            case .failed(let error): error
            case .completed, .cancelled: ExtensionHostError(.protocolViolation, "\(widget.identifier) ended its request instead of answering its update")
            }
            outcome.result = .ended(RunFailure(error))
            outcome.message = error.message
            outcome.isStale = previous != nil
        }
        outcome.duration = started.duration(to: .now)
        return outcome
    }

    /// Chooses the widget's own button with identifier `id` (a `.action` element); its new
    /// state or the refusal, or `nil` when its process is gone.
    public func tap(_ id: Int) async -> WidgetTapReply? {
        await session.tapWidgetButton(id)
    }

    /// Switches the widget to `displayMode`; its new state, or `nil` when it is gone.
    public func changeDisplayMode(to displayMode: WidgetDisplayMode) async -> WidgetState? {
        await session.changeWidgetDisplayMode(to: displayMode, maximumSize: view.sizes.size(for: displayMode))
    }
}
