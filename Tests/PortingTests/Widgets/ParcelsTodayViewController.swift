import AppExtensionsCompat
import Foundation

// An iOS Today widget (seed 001's example: parcels), as written for NotificationCenter,
// with its imports changed and its storyboard's labels declared as a WidgetView.
class ParcelsTodayViewController: WidgetViewController, NCWidgetProviding {
    var parcels = ["Bike lights": "out for delivery", "Book": "in transit", "Tent": "delivered", "Stove": "label created"]
    var lastShown: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        self.extensionContext?.widgetLargestAvailableDisplayMode = .expanded
    }

    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: NCWidgetDisplayMode, withMaximumSize maxSize: CGSize) {
        if activeDisplayMode == .compact {
            self.preferredContentSize = maxSize
        } else {
            self.preferredContentSize = CGSize(width: maxSize.width, height: 220)
        }
        render()
    }

    func widgetPerformUpdate(completionHandler: (@escaping (NCUpdateResult) -> Void)) {
        let shown = parcels.keys.sorted()
        if shown == lastShown {
            completionHandler(NCUpdateResult.noData)
            return
        }
        lastShown = shown
        render()
        completionHandler(NCUpdateResult.newData)
    }

    func render() {
        let compact = self.extensionContext?.widgetActiveDisplayMode == .compact
        var elements: [WidgetView.Element] = [.title("Parcels")]
        for name in lastShown.prefix(compact ? 2 : 4) {
            elements.append(.row(name, detail: parcels[name] ?? ""))
        }
        self.widgetView = WidgetView(elements)
    }
}
