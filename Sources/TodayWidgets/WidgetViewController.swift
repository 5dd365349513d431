import AppExtensions
import Foundation

/// A Today widget's controller: its declared view and the room it asks for (Apple's
/// `UIViewController` as a widget uses it).
///
/// There is no UIKit on Linux, so the widget declares its ``view`` and the host draws it —
/// on a terminal (`appex today`) or in a page. Setting ``view`` or ``preferredContentSize``
/// outside an update sends the host the new state, as a widget that redraws itself would.
///
/// ```swift
/// final class TodayViewController: WidgetViewController, WidgetProviding {
///     override func viewDidLoad() {
///         extensionContext?.widgetLargestAvailableDisplayMode = .expanded
///     }
///     func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) { … }
/// }
/// ```
@MainActor
open class WidgetViewController {
    /// The request's context: the display modes, `open(_:)`.
    public internal(set) var extensionContext: ExtensionContext?

    /// What the widget shows.
    public var view = WidgetView() {
        didSet { if view != oldValue { onNeedsPublish?() } }
    }

    /// The size the widget would like, in points; the host clips it to the active mode's
    /// maximum (and a compact widget is always the compact height, as on iOS). Zero: as
    /// tall as the view's content.
    public var preferredContentSize = CGSize.zero {
        didSet { if preferredContentSize != oldValue { onNeedsPublish?() } }
    }

    /// Set by the runtime: called when the widget changed what the host shows.
    var onNeedsPublish: (() -> Void)?

    /// Creates the controller; the runtime makes it when the first update arrives.
    public init() {}

    /// Called once, after the controller has its context and before the first update.
    open func viewDidLoad() {}
}
