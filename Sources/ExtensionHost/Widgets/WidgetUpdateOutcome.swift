import Foundation
import TodayWidgets

/// How one widget's update went, and what the Today view shows for it.
public struct WidgetUpdateOutcome: Sendable {
    /// What the update came to.
    public enum Result: Hashable, Sendable {
        /// The widget has new content (Apple's `.newData`).
        case newData
        /// Nothing changed (Apple's `.noData`).
        case noData
        /// The widget said its update failed (Apple's `.failed`).
        case failed
        /// The run ended before the widget answered (``RunFailure``).
        case ended(RunFailure)

        /// The name `--json` prints: Apple's for the widget's own answers (`newData`),
        /// the host's for the rest (`crashed`, `timed-out`, `over-memory`, the error's code).
        public var name: String {
            switch self {
            case .newData: "newData"
            case .noData: "noData"
            case .failed: "failed"
            case .ended(let failure): failure.name
            }
        }

        /// The widget's own answer.
        init(_ result: WidgetUpdateResult) {
            switch result {
            case .newData: self = .newData
            case .noData: self = .noData
            case .failed: self = .failed
            }
        }
    }

    /// The widget's identifier.
    public var identifier: String
    /// Its display name.
    public var displayName: String
    /// What the update came to.
    public var result: Result
    /// What the Today view shows: the new state, else the last snapshot, else nothing.
    public var state: WidgetState?
    /// Whether ``state`` is an old snapshot shown because the update did not give a new one.
    public var isStale: Bool
    /// Why the update failed, when it did.
    public var message: String?
    /// From launch to the answer (or the failure).
    public var duration: Duration
}
