import AppExtensions
import ComposeSheet
import ExtensionUI
import Foundation

/// The fixture's compose sheet: at most 10 characters, not empty, and an "Audience" item
/// whose tap pushes a picker of "Everyone" / "Friends".
final class FixtureComposeController: ComposeServiceViewController {
    var audience = 0

    override func isContentValid() -> Bool {
        charactersRemaining = NSNumber(value: 10 - contentText.count)
        return !contentText.isEmpty && (charactersRemaining?.intValue ?? 0) >= 0
    }

    override func configurationItems() -> [Any]! {
        let item: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
        item.title = "Audience"
        item.value = ["Everyone", "Friends"][audience]
        item.tapHandler = { [weak self] in
            guard let self else { return }
            pushConfigurationViewController(ComposeConfigurationView(title: "Audience", choices: ["Everyone", "Friends"], selected: audience) { [weak self] index in
                self?.audience = index
                self?.popConfigurationViewController()
                self?.reloadConfigurationItems()
            })
        }
        return [item]
    }

    override func didSelectPost() {
        let item = ExtensionItem()
        item.attributedContentText = NSAttributedString(string: "\(contentText ?? "") (to \(["Everyone", "Friends"][audience]))")
        extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
    }
}

/// A sheet whose state no host should accept: 10,000 configuration items.
final class FloodingComposeController: ComposeServiceViewController {
    override func configurationItems() -> [Any]! {
        (0..<10_000).map { index in
            let item: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
            item.title = "item \(index)"
            return item
        }
    }
}

/// A sheet whose "Account" item shows a spinner until the extension's own work (here a
/// task started once the sheet is on screen, as an account lookup would be) fills it in.
final class PendingComposeController: ComposeServiceViewController {
    let account: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()

    override func configurationItems() -> [Any]! {
        account.title = "Account"
        account.valuePending = account.value == nil
        return [account]
    }

    override func presentationAnimationDidFinish() {
        Task { @MainActor [account] in
            account.value = "@appex"
            account.valuePending = false
        }
    }
}

/// A sheet titled "New Post" whose Post asks first: an alert with a "Tag" field, Cancel
/// (cancels the request) and Post (completes with the text and the tag).
final class AlertingComposeController: ComposeServiceViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "New Post"
    }

    override func didSelectPost() {
        let text = contentText ?? ""
        let alert = UIAlertController(title: "Add a tag?", message: "The post is ready.", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Tag" }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in
            self?.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
        })
        alert.addAction(UIAlertAction(title: "Post", style: .default) { [weak self, weak alert] _ in
            let tag = alert?.textFields?.first?.text ?? ""
            let item = ExtensionItem()
            item.attributedContentText = NSAttributedString(string: tag.isEmpty ? text : "\(text) #\(tag)")
            self?.extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
        })
        alert.preferredAction = alert.actions.last
        present(alert, animated: true)
    }
}
