import AppExtensions
import Foundation
import TodayWidgets

/// The fixture as a Today widget (its Info.plist's point is `com.apple.widget-extension`).
///
/// It offers the expanded mode and shows which update and mode it is in; `noop` answers
/// `.noData`, `cancel` `.failed`, `open-url` opens `https://example.com/widget` first (any URL: a widget may),
/// `complete-twice` calls its handler twice, `compose-flood` shows 10,000 lines, `never-complete` never calls it, and the
/// misbehaviours (crash, hang, bomb, garbage, flood…) happen inside the update, as they
/// do inside a share request.
final class FixtureWidget: WidgetViewController, WidgetProviding {
    let behavior: FixtureBehavior
    var updates = 0

    init(behavior: FixtureBehavior) {
        self.behavior = behavior
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        extensionContext?.widgetLargestAvailableDisplayMode = .expanded
    }

    func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
        if Fixture.misbehave(behavior) { return }
        updates += 1
        switch behavior {
        case .neverComplete:
            return
        case .noop:
            completionHandler(.noData)
        case .cancel:
            completionHandler(.failed)
        case .composeFlood:
            widgetView = WidgetView((0..<10_000).map { .text("line \($0)") })
            completionHandler(.newData)
        case .completeTwice:
            render()
            completionHandler(.newData)
            completionHandler(.noData)
        case .openURL:
            let context = extensionContext
            Task {
                let opened = (try? await context?.openURL(URL(string: "https://example.com/widget")!)) ?? false
                await MainActor.run {
                    self.render(extra: "opened: \(opened)")
                    completionHandler(.newData)
                }
            }
        default:
            render()
            completionHandler(.newData)
        }
    }

    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: WidgetDisplayMode, withMaximumSize maxSize: CGSize) {
        preferredContentSize = activeDisplayMode == .compact ? maxSize : CGSize(width: maxSize.width, height: 220)
        render()
    }

    private func render(extra: String? = nil) {
        let mode = extensionContext?.widgetActiveDisplayMode ?? .compact
        var elements: [WidgetView.Element] = [.title("Fixture"), .row("update", detail: "\(updates)"), .row("mode", detail: mode.name)]
        if mode == .expanded { elements.append(.caption("more rows for the expanded mode")) }
        if let extra { elements.append(.text(extra)) }
        elements.append(.button("Open", url: URL(string: "fixture://open")!))
        widgetView = WidgetView(elements)
    }
}
