// Written here: a Today widget in the shape iOS code has it — a UIViewController adopting
// NCWidgetProviding, labels in a stack, its height from preferredContentSize — with its
// imports unchanged.
import NotificationCenter
import UIKit

class BatteryTodayViewController: UIViewController, NCWidgetProviding {
    let heading = UILabel()
    let level = UILabel()
    let note = UILabel()
    var readings = ["Phone": 82, "Watch": 40, "Headphones": 15]

    override func viewDidLoad() {
        super.viewDidLoad()
        heading.font = UIFont.boldSystemFont(ofSize: 17)
        heading.text = "Batteries"
        note.font = UIFont.systemFont(ofSize: 11)
        let stack = UIStackView(arrangedSubviews: [heading, level, note])
        stack.axis = .vertical
        view.addSubview(stack)
        extensionContext?.widgetLargestAvailableDisplayMode = .expanded
    }

    func widgetPerformUpdate(completionHandler: (@escaping (NCUpdateResult) -> Void)) {
        let lowest = readings.min { $0.value < $1.value }
        guard let device = lowest else {
            completionHandler(NCUpdateResult.failed)
            return
        }
        let text = "\(device.key): \(device.value)%"
        if level.text == text {
            completionHandler(.noData)
            return
        }
        level.text = text
        note.text = "lowest of \(readings.count)"
        completionHandler(.newData)
    }

    func widgetActiveDisplayModeDidChange(_ activeDisplayMode: NCWidgetDisplayMode, withMaximumSize maxSize: CGSize) {
        if activeDisplayMode == .expanded {
            preferredContentSize = CGSize(width: maxSize.width, height: 180)
            note.text = readings.keys.sorted().map { "\($0) \(readings[$0]!)%" }.joined(separator: ", ")
        } else {
            preferredContentSize = maxSize
        }
    }
}
