import HostTestSupport
import AppExtensions
import ExtensionHost
import ExtensionTesting
import ExtensionUI
import Foundation
import Testing

/// One view-controller test body against the controller in this process and in a child process.
@Suite("View controller parity")
struct ViewControllerParityTests {
    /// The in-process twin of the fixture's `view-controller` behaviour (FixtureViewController).
    final class NoteController: UIViewController {
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
            let sharing = UILabel()
            let items = extensionContext?.inputItems ?? []
            sharing.text = "Sharing \(items.count) item\(items.count == 1 ? "" : "s")"
            sharing.font = .systemFont(ofSize: 12)
            note.placeholder = "Note"
            let publicLabel = UILabel()
            publicLabel.text = "Public"
            let send = UIButton(type: .system)
            send.setTitle("Send", for: .normal)
            send.addAction(UIAction { [weak self] _ in self?.confirm() }, for: .touchUpInside)
            let stack = UIStackView(arrangedSubviews: [heading, sharing, note, UIStackView(arrangedSubviews: [publicLabel, isPublic]), send])
            stack.axis = .vertical
            view.addSubview(stack)
        }

        private func confirm() {
            let text = note.text ?? ""
            let alert = UIAlertController(title: "Send this note?", message: text.isEmpty ? "The note is empty." : text, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { [weak self] _ in
                self?.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
            })
            // The alert's actions run only while the controller that presented it is there.
            alert.addAction(UIAlertAction(title: "Send", style: .default) { [unowned self] _ in
                let item = ExtensionItem()
                item.attributedContentText = NSAttributedString(string: "\(text)\(isPublic.isOn ? " (public)" : "")")
                extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
            })
            alert.preferredAction = alert.actions.last
            present(alert, animated: true)
        }
    }

    /// The shared body: a tap on a label is refused, write a note, switch Public on, Send,
    /// a step that names nothing, then the alert's Send.
    static func checkSends(_ runner: some ViewControllerRunner) async throws {
        let run = await runner.run(ExtensionRequest(inputItems: [ExtensionItem()], timeout: 120),
                                   steps: [.tap("Share with Fixture"), .edit("Note", text: "hello"), .toggle("Public", isOn: true),
                                           .tap("Send"), .tap("Send"), .alert("Send")])
        let initial = try #require(run.initial)
        #expect(initial.title == "Fixture")
        #expect(initial.barButtons.map(\.text) == ["Cancel"])
        #expect(initial.elements.map(\.kind) == [.heading, .caption, .textField, .toggle, .button])
        #expect(initial.elements.first?.text == "Share with Fixture")
        #expect(initial.alert == nil)
        #expect(run.steps.map(\.refusal) == ["not-shown", nil, nil, nil, "alert-shown", nil],
                "the second Send is a tap behind the alert: UIKit's alert is modal")
        #expect(run.steps[1].snapshot?.elements.first { $0.kind == .textField }?.text == "hello")
        #expect(run.steps[2].snapshot?.elements.first { $0.kind == .toggle }?.isOn == true)
        let alert = try #require(run.steps[3].snapshot?.alert)
        #expect(alert.title == "Send this note?")
        #expect(alert.message == "hello")
        #expect(alert.actions.map(\.title) == ["Cancel", "Send"])
        #expect(alert.actions.map(\.isPreferred) == [false, true])
        let items = try run.result.completedItems()
        #expect(items.first?.attributedContentText?.string == "hello (public)")
    }

    @Test("a view controller passes the same test in this process and in a child process", arguments: ParityRunner.all)
    func sends(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            try await Self.checkSends(InProcessViewControllerRunner { NoteController() })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
            defer { fixture.remove() }
            try await Self.checkSends(ChildProcessViewControllerRunner(fixture.installed, options: FixtureInstallation.options("view-controller", sandbox: sandbox)))
        }
    }
}
