// Written here: a share extension on the standard compose sheet in the shape iOS code has
// it, its imports exactly as on iOS. It titles the sheet, limits the text to 80 characters,
// offers a "List" item that pushes a plain UIViewController of buttons, keeps the post in
// the app group's defaults and synchronizes, and shows an alert when the group cannot be
// opened. The one change from iOS: `NSUserDefaults` (docs/PORTING.md).
import AppGroupsCompat
import Social
import UIKit

class ChecklistComposeViewController: SLComposeServiceViewController {
    static let suite = "group.com.example.checklist"
    var list = "Groceries"
    var suiteName = ChecklistComposeViewController.suite

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Checklist"
        placeholder = "What needs doing?"
    }

    override func isContentValid() -> Bool {
        let left = 80 - contentText.count
        charactersRemaining = left as NSNumber
        return !contentText.trimmingCharacters(in: .whitespaces).isEmpty && left >= 0
    }

    override func configurationItems() -> [Any]! {
        guard let item = SLComposeSheetConfigurationItem() else { return [] }
        item.title = "List"
        item.value = list
        item.tapHandler = { [unowned self] in
            let picker = ListPickerViewController(lists: ["Groceries", "Errands", "Trip"]) { [weak self] chosen in
                self?.list = chosen
                self?.reloadConfigurationItems()
                self?.popConfigurationViewController()
            }
            self.pushConfigurationViewController(picker)
        }
        return [item]
    }

    override func didSelectPost() {
        guard let defaults = NSUserDefaults(suiteName: suiteName) else {
            let alert = UIAlertController(title: "Checklist is not set up", message: "Open Checklist once, then share again.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .cancel) { _ in
                self.cancel()
            })
            present(alert, animated: true, completion: nil)
            return
        }
        var entries = defaults.stringArray(forKey: list) ?? []
        entries.append(contentText)
        defaults.set(entries, forKey: list)
        defaults.synchronize()
        extensionContext!.completeRequest(returningItems: [], completionHandler: nil)
    }
}

/// The pushed list: a plain view controller with a button per list.
class ListPickerViewController: UIViewController {
    let lists: [String]
    let chosen: (String) -> Void

    init(lists: [String], chosen: @escaping (String) -> Void) {
        self.lists = lists
        self.chosen = chosen
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "List"
        let stack = UIStackView()
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        for name in lists {
            let button = UIButton(type: .system)
            button.setTitle(name, for: .normal)
            button.addAction(UIAction { [weak self] _ in self?.chosen(name) }, for: .touchUpInside)
            stack.addArrangedSubview(button)
        }
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
        ])
    }
}
