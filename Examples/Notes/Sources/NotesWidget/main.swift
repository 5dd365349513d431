// Notes in Today: a widget (seed 001's Today extension) that shows the latest notes the
// Notes app published to its app group, and how many shares still wait for the app, with
// a button that opens Notes. Written as on iOS: a UIViewController adopting
// NCWidgetProviding, labels in stacks, a UIButton whose UIAction opens Notes.
import AppGroups
import ExtensionRuntime
import NotesKit
import NotificationCenter
import UIKit

class TodayViewController: UIViewController, NCWidgetProviding {
    static let group = "group.com.example.notes"

    let heading = UILabel()
    /// One row per note: a horizontal stack of its text and its title.
    let notesStack = UIStackView()
    let waitingLabel = UILabel()
    /// What the view shows now (the notes and the waiting count), to tell new data from none.
    private var shown: [String]?

    override func viewDidLoad() {
        super.viewDidLoad()
        heading.font = .boldSystemFont(ofSize: 17)
        heading.text = "Notes"
        notesStack.axis = .vertical
        waitingLabel.font = .systemFont(ofSize: 12)
        waitingLabel.textColor = .secondaryLabel
        let open = UIButton(type: .system, primaryAction: UIAction(title: "Open Notes") { [weak self] _ in
            guard let url = URL(string: "notes://latest") else { return }
            self?.extensionContext?.open(url)
        })
        let stack = UIStackView(arrangedSubviews: [heading, notesStack, waitingLabel, open])
        stack.axis = .vertical
        stack.alignment = .leading
        view.addSubview(stack)
        // Five notes need more than the compact height: offer "Show More".
        extensionContext?.widgetLargestAvailableDisplayMode = .expanded
    }

    func widgetPerformUpdate(completionHandler: @escaping (NCUpdateResult) -> Void) {
        guard let next = read() else { return completionHandler(.failed) }
        let changed = next != shown
        show(next)
        completionHandler(changed ? .newData : .noData)
    }

    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: NCWidgetDisplayMode, withMaximumSize maxSize: CGSize) {
        preferredContentSize = activeDisplayMode == .compact ? maxSize : CGSize(width: maxSize.width, height: min(maxSize.height, 198))
        if let next = read() { show(next) }
    }

    /// The notes to show (two when compact, five expanded) and, last, the waiting shares'
    /// count; `nil` when the group cannot be read.
    private func read() -> [String]? {
        guard let defaults = SharedDefaults(suiteName: Self.group) else { return nil }
        let compact = extensionContext?.widgetActiveDisplayMode != .expanded
        let notes = defaults.stringArray(forKey: "latest-notes") ?? []
        let waiting = (try? ShareInbox(groupIdentifier: Self.group).pendingCount()) ?? 0
        return Array(notes.prefix(compact ? 2 : 5)) + [String(waiting)]
    }

    /// Lays out `lines` (as ``read()`` gives them) in the labels.
    private func show(_ lines: [String]) {
        shown = lines
        let notes = lines.dropLast()
        let waiting = Int(lines.last ?? "") ?? 0
        notesStack.arrangedSubviews.forEach { $0.removeFromSuperview() }
        if notes.isEmpty {
            let empty = UILabel()
            empty.font = .systemFont(ofSize: 12)
            empty.textColor = .secondaryLabel
            empty.text = "No notes yet: share a link to Notes"
            notesStack.addArrangedSubview(empty)
        }
        for line in notes {
            let row = Note.Row(line: line)
            let text = UILabel()
            text.text = row.headline
            let title = UILabel()
            title.text = row.detail
            title.textAlignment = .right
            let rowStack = UIStackView(arrangedSubviews: [text, title])
            rowStack.axis = .horizontal
            notesStack.addArrangedSubview(rowStack)
        }
        waitingLabel.text = waiting > 0 ? "\(waiting) share\(waiting == 1 ? "" : "s") waiting for Notes" : nil
    }
}

ExtensionMain.run(widget: { TodayViewController() })
