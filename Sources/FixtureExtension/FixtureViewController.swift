import AppExtensions
import ExtensionUI
import Foundation

/// The fixture's own view controller (as an iOS share extension whose principal class is
/// a `UIViewController`): titled "Fixture", a Cancel bar button, a heading, a caption that
/// says what is shared (filled in once the first text has loaded, after the view is on
/// screen), a "Note" field, a "Public" switch and a Send button, whose tap presents a
/// "Send this note?" alert: Send completes with the note, Cancel cancels. It says on
/// standard error when it disappears.
final class FixtureViewController: UIViewController {
    let sharing = UILabel()
    let note = UITextField()
    let isPublic = UISwitch()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Fixture"
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, primaryAction: UIAction { [weak self] _ in
            self?.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
        })
        let heading = UILabel()
        heading.text = "Share with Fixture"
        heading.font = .boldSystemFont(ofSize: 20)
        let items = extensionContext?.inputItems ?? []
        sharing.text = "Sharing \(items.count) item\(items.count == 1 ? "" : "s")"
        sharing.font = .systemFont(ofSize: 12)
        note.placeholder = "Note"
        let publicLabel = UILabel()
        publicLabel.text = "Public"
        let publicRow = UIStackView(arrangedSubviews: [publicLabel, isPublic])
        let send = UIButton(type: .system)
        send.setTitle("Send", for: .normal)
        send.addAction(UIAction { [weak self] _ in self?.confirm() }, for: .touchUpInside)
        let stack = UIStackView(arrangedSubviews: [heading, sharing, note, publicRow, send])
        stack.axis = .vertical
        view.addSubview(stack)
        // What is shared, once loaded: a change the controller makes on its own.
        if let provider = items.first?.attachments?.first, provider.hasItemConformingToTypeIdentifier("public.plain-text") {
            Task { @MainActor [sharing] in
                // A load that fails leaves the caption out, as a real extension would show nothing.
                guard let text = try? await provider.loadItem(forTypeIdentifier: "public.plain-text", as: String.self) else { return }
                sharing.text = "Sharing: \(text)"
            }
        }
    }

    /// The host took the controller away (the request is over): said on standard error,
    /// which the host's report keeps.
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        FileHandle.standardError.write(Data("fixture: viewWillDisappear\n".utf8))
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        FileHandle.standardError.write(Data("fixture: viewDidDisappear\n".utf8))
    }

    /// Send asks first.
    private func confirm() {
        let text = note.text ?? ""
        let alert = UIAlertController(title: "Send this note?", message: text.isEmpty ? "The note is empty." : text, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in
            self?.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
        })
        alert.addAction(UIAlertAction(title: "Send", style: .default) { [weak self] _ in
            guard let self else { return }
            let item = ExtensionItem()
            item.attributedContentText = NSAttributedString(string: "\(text)\(isPublic.isOn ? " (public)" : "")")
            extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
        })
        alert.preferredAction = alert.actions.last
        present(alert, animated: true)
    }
}
