import AppExtensions
import ExtensionHost
import TodayWidgets

/// Shows a Today widget as the Today view does — the same test body in this process
/// (``InProcessWidgetRunner``) and in a child process (``ChildProcessWidgetRunner``).
///
/// ```swift
/// func checkShowMore(_ runner: some WidgetRunner) async throws {
///     let steps = await runner.show([.update(.compact), .changeMode(.expanded)])
///     guard case .updated(.newData, let first) = steps.first else { … }
///     #expect(first.largestAvailableDisplayMode == .expanded)
/// }
/// ```
public protocol WidgetRunner: Sendable {
    /// Shows the widget for as long as `commands` take, in one process (one controller):
    /// each command in order, each given `timeout`; what each came to. After a command
    /// that ended the run, the rest are not tried.
    func show(_ commands: [TodayView.WidgetCommand], sizes: WidgetSizes, timeout: Duration) async -> [WidgetStep]
}

extension WidgetRunner {
    /// ``show(_:sizes:timeout:)`` with Apple's sizes and a minute per command.
    public func show(_ commands: [TodayView.WidgetCommand]) async -> [WidgetStep] {
        await show(commands, sizes: WidgetSizes(), timeout: .seconds(60))
    }
}

/// What one command of a ``WidgetRunner`` came to.
public enum WidgetStep: Hashable, Sendable {
    /// The widget called its update's completion handler with this result, showing this.
    case updated(WidgetUpdateResult, WidgetState)
    /// The widget redrew for a mode change, or after one of its buttons was tapped.
    case redrawn(WidgetState)
    /// The widget refused a tap: the `ViewActionError` code (`no-such-element`, `disabled`…).
    case refused(String)
    /// The run ended without an answer: why (`timed-out`, `crashed`, the error's code).
    case ended(String)

    /// The state shown, when there is one.
    public var state: WidgetState? {
        switch self {
        case .updated(_, let state), .redrawn(let state): state
        case .refused, .ended: nil
        }
    }
}
