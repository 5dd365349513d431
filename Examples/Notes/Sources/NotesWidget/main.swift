// Notes in Today: a widget (seed 001's Today extension) that shows the latest notes the
// Notes app published to its app group, and how many shares still wait for the app, with
// a button that opens Notes. Ported from an iOS TodayViewController: the view is declared
// (WidgetViewController's widgetView) instead of laid out in a storyboard.
import AppExtensions
import AppGroups
import ExtensionRuntime
import Foundation
import NotesKit
import TodayWidgets

final class TodayViewController: WidgetViewController, WidgetProviding {
    static let group = "group.com.example.notes"

    override func viewDidLoad() {
        super.viewDidLoad()
        // Five notes need more than the compact height: offer "Show More".
        extensionContext?.widgetLargestAvailableDisplayMode = .expanded
    }

    func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
        guard let next = render() else { return completionHandler(.failed) }
        let changed = next != widgetView
        widgetView = next
        completionHandler(changed ? .newData : .noData)
    }

    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize) {
        preferredContentSize = activeDisplayMode == .compact ? maxSize : CGSize(width: maxSize.width, height: min(maxSize.height, 198))
        if let next = render() { widgetView = next }
    }

    /// The view from the app group now; `nil` when the group cannot be read.
    private func render() -> WidgetView? {
        guard let defaults = SharedDefaults(suiteName: Self.group) else { return nil }
        let compact = extensionContext?.widgetActiveDisplayMode != .expanded
        let notes = defaults.stringArray(forKey: "latest-notes") ?? []
        let waiting = (try? ShareInbox(groupIdentifier: Self.group).pendingCount()) ?? 0
        var elements: [WidgetView.Element] = [.title("Notes")]
        if notes.isEmpty { elements.append(.caption("No notes yet: share a link to Notes")) }
        for line in notes.prefix(compact ? 2 : 5) {
            let row = Note.Row(line: line)
            elements.append(.row(row.headline, detail: row.detail))
        }
        if waiting > 0 { elements.append(.caption("\(waiting) share\(waiting == 1 ? "" : "s") waiting for Notes")) }
        if let open = URL(string: "notes://latest") { elements.append(.button("Open Notes", url: open)) }
        return WidgetView(elements)
    }
}

ExtensionMain.run(widget: { TodayViewController() })
