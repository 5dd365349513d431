import AppExtensions
import Foundation

/// What a Today widget's principal object does: Apple's `NCWidgetProviding`.
///
/// ```swift
/// final class TodayViewController: WidgetViewController, WidgetProviding {
///     func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
///         view = WidgetView(.title("Parcels"), .row("Bike lights", detail: "out for delivery"))
///         completionHandler(.newData)
///     }
/// }
/// ```
///
/// The host calls ``widgetPerformUpdate(completionHandler:)`` when the Today view shows
/// or refreshes, on the main actor. The widget calls the handler once, whenever its work
/// is done; a second call is reported to the host as a misuse and ignored, and never
/// calling it makes the update time out (the host shows the last snapshot, stale).
@MainActor
public protocol WidgetProviding: AnyObject {
    /// Brings the widget's view up to date and says whether anything changed.
    func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void)

    /// The user switched the widget to `activeDisplayMode`, which gives it at most
    /// `maxSize`; the widget sets its ``WidgetViewController/preferredContentSize`` and
    /// view to fit. The default does nothing.
    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize)
}

extension WidgetProviding {
    public func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize) {}
}
