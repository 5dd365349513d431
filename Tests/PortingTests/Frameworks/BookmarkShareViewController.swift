// Written here: a share extension whose principal class is a plain UIViewController, in the
// shape iOS code has it, imports unchanged. It reads the shared URL in viewDidLoad, shows
// it in a label under its title, and asks before saving: a Save button presents an alert
// whose actions complete or cancel the request.
import MobileCoreServices
import UIKit

class BookmarkShareViewController: UIViewController {
    let urlLabel = UILabel()
    let saveButton = UIButton(type: .system)
    var sharedURL: URL?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Add Bookmark"
        view.backgroundColor = .systemBackground
        urlLabel.numberOfLines = 0
        urlLabel.text = "Loading…"
        saveButton.setTitle("Save", for: .normal)
        saveButton.isEnabled = false
        saveButton.addAction(UIAction { [weak self] _ in self?.confirm() }, for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [urlLabel, saveButton])
        stack.axis = .vertical
        stack.spacing = 12
        view.addSubview(stack)

        let item = extensionContext?.inputItems.first as? NSExtensionItem
        guard let provider = item?.attachments?.first, provider.hasItemConformingToTypeIdentifier(kUTTypeURL as String) else {
            urlLabel.text = "Nothing to bookmark"
            return
        }
        provider.loadItem(forTypeIdentifier: kUTTypeURL as String, options: nil) { [weak self] item, _ in
            DispatchQueue.main.async {
                if let self = self, let url = item as? NSURL {
                    self.sharedURL = url as URL
                    self.urlLabel.text = url.absoluteString
                    self.saveButton.isEnabled = true
                }
            }
        }
    }

    func confirm() {
        let alert = UIAlertController(title: "Save this bookmark?", message: sharedURL?.absoluteString, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in
            self.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
        })
        alert.addAction(UIAlertAction(title: "Save", style: .default) { _ in
            let item = NSExtensionItem()
            item.attributedTitle = NSAttributedString(string: "Bookmarked")
            self.extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
        })
        present(alert, animated: true)
    }
}
