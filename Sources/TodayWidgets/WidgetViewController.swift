import AppExtensions
import ExtensionUI
import Foundation

/// A Today widget's controller that declares what it shows as a ``WidgetView`` rather than
/// building views: a `UIViewController` whose ``widgetView`` the host draws.
///
/// A widget written as on iOS subclasses `UIViewController` itself and builds labels,
/// image views and stacks; the host reads that tree in reading order (its headings, text,
/// captions, rows and images). This subclass is for widgets that would rather say it:
///
/// ```swift
/// final class TodayViewController: WidgetViewController, WidgetProviding {
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         extensionContext?.widgetLargestAvailableDisplayMode = .expanded
///     }
///     func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
///         widgetView = WidgetView(.title("Parcels"), .row("Bike lights", detail: "out for delivery"))
///         completionHandler(.newData)
///     }
/// }
/// ```
///
/// Setting ``widgetView`` or `preferredContentSize` outside an update sends the host the
/// new state, as a widget that redraws itself would.
@MainActor
open class WidgetViewController: UIViewController {
    /// What the widget shows; when empty, the view tree is shown instead.
    public var widgetView = WidgetView() {
        didSet { if widgetView != oldValue { viewDidChange() } }
    }
}
