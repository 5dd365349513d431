import AppExtensions
import ExtensionUI
import Foundation

/// What a Today widget's principal controller does: Apple's `NCWidgetProviding`, adopted by
/// a `UIViewController`.
///
/// ```swift
/// class TodayViewController: UIViewController, NCWidgetProviding {
///     @IBOutlet var label: UILabel!
///     func widgetPerformUpdate(completionHandler: @escaping (NCUpdateResult) -> Void) {
///         label.text = "3 parcels on the way"
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

    /// The person switched the widget to `activeDisplayMode`, which gives it at most
    /// `maxSize`; the widget sets its `preferredContentSize` and view to fit. The default
    /// does nothing.
    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize)

    /// The margins the widget wants, given the proposed ones (iOS 8–9; deprecated in
    /// iOS 10). The default accepts the proposal. Asked once when the widget loads; the
    /// host's cards keep their own margins, so the answer is not applied.
    func widgetMarginInsets(forProposedMarginInsets defaultMarginInsets: UIEdgeInsets) -> UIEdgeInsets
}

extension WidgetProviding {
    public func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize) {}

    public func widgetMarginInsets(forProposedMarginInsets defaultMarginInsets: UIEdgeInsets) -> UIEdgeInsets {
        defaultMarginInsets
    }
}
