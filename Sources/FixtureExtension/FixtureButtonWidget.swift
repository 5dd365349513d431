import AppExtensions
import ExtensionUI
import Foundation
import TodayWidgets

/// The fixture as a Today widget written as on iOS (behaviour `view-controller` at the
/// widget point): a bold "Counter", a label of its taps, an "Add one" `UIButton` whose
/// `UIAction` counts, a hidden "Hidden" button and a disabled "Reset" one.
/// `Tests/ExtensionHostTests/WidgetButtonTests` has its in-process twin.
final class FixtureButtonWidget: UIViewController, WidgetProviding {
    let count = UILabel()
    var taps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let title = UILabel()
        title.font = .boldSystemFont(ofSize: 17)
        title.text = "Counter"
        let add = UIButton(type: .system, primaryAction: UIAction(title: "Add one") { [weak self] _ in
            guard let self else { return }
            taps += 1
            count.text = "\(taps) taps"
        })
        let hidden = UIButton(type: .system)
        hidden.setTitle("Hidden", for: .normal)
        hidden.isHidden = true
        let reset = UIButton(type: .system)
        reset.setTitle("Reset", for: .normal)
        reset.isEnabled = false
        let stack = UIStackView(arrangedSubviews: [title, count, add, hidden, reset])
        stack.axis = .vertical
        view.addSubview(stack)
    }

    func widgetPerformUpdate(completionHandler: @escaping @Sendable (WidgetUpdateResult) -> Void) {
        count.text = "\(taps) taps"
        completionHandler(.newData)
    }
}
