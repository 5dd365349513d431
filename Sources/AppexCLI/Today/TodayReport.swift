import ExtensionHost
import TodayWidgets

/// `appex today --once --json`: each widget's update, in the order the view shows them.
struct TodayReport: Encodable {
    /// One widget.
    struct Widget: Encodable {
        var identifier: String
        var displayName: String
        /// newData, noData, failed, crashed, timed-out, over-memory, or the run's error code.
        var result: String
        /// Whether ``view`` is an old snapshot shown because the update gave none.
        var stale: Bool
        /// Why the update failed, when it did.
        var message: String?
        /// What the view shows; absent when the widget never showed anything.
        var view: WidgetState?

        init(_ outcome: WidgetUpdateOutcome) {
            identifier = outcome.identifier
            displayName = outcome.displayName
            result = outcome.result.name
            stale = outcome.isStale
            message = outcome.message
            view = outcome.state
        }
    }

    var widgets: [Widget]
}
