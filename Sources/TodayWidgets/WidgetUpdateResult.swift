/// What a widget's update found: Apple's `NCUpdateResult`, passed to the completion
/// handler of ``WidgetProviding/widgetPerformUpdate(completionHandler:)``.
///
/// The host keeps the widget's new view as its snapshot after `.newData`, keeps the old
/// snapshot after `.noData`, and shows the old snapshot marked stale after `.failed`.
public enum WidgetUpdateResult: Int, Hashable, Sendable, Codable, CaseIterable {
    /// The widget has new content (`NCUpdateResultNewData`).
    case newData = 0
    /// Nothing changed since the last update (`NCUpdateResultNoData`).
    case noData = 1
    /// The update failed (`NCUpdateResultFailed`).
    case failed = 2

    /// The result's name, as Apple spells the case (`newData`, `noData`, `failed`).
    public var name: String {
        switch self {
        case .newData: "newData"
        case .noData: "noData"
        case .failed: "failed"
        }
    }
}
