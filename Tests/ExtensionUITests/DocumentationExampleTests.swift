import AppExtensions
import ExtensionUI
import Foundation
import Synchronization
import Testing

/// The example of ExtensionUI.docc, run as written (its `import UIKit` is this module).
@MainActor
@Suite("ExtensionUI documentation")
struct DocumentationExampleTests {
    class ShareViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Save Link"
            let label = UILabel()
            label.text = "Saving…"
            view.addSubview(label)
        }

        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            let alert = UIAlertController(title: "Save this link?", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in
                self.extensionContext?.cancelRequest(withError: NSError(domain: NSCocoaErrorDomain, code: NSUserCancelledError))
            })
            alert.addAction(UIAlertAction(title: "Save", style: .default) { _ in
                self.extensionContext?.completeRequest(returningItems: [], completionHandler: nil)
            })
            present(alert, animated: true)
        }
    }

    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ExtensionUI/ExtensionUI.docc/ExtensionUI.md")

    @Test("ExtensionUI.md's example is this file's, line for line but its import")
    func exampleIsThisFile() throws {
        let text = try String(contentsOf: Self.catalog, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "import UIKit" }
        #expect(lines.count > 10)
        for line in lines {
            #expect(source.contains(line), "not in the test's copy: \(line)")
        }
    }

    @Test("the host shows the title, the label and the alert; Save completes the request")
    func example() async throws {
        let connection = Recorder()
        let context = ExtensionContext(inputItems: [ExtensionItem()], connection: connection)
        let host = ViewHost(root: ShareViewController(), context: context)
        let shown = host.present()
        #expect(shown.title == "Save Link")
        #expect(shown.elements.map(\.text) == ["Saving…"])
        #expect(shown.alert?.title == "Save this link?")
        #expect(shown.alert?.actions.map(\.title) == ["Cancel", "Save"])
        try host.perform(.chooseAlertAction(1))
        #expect(connection.completed.withLock { $0 } == 1)
        #expect(context.isRequestFinished)
    }

    final class Recorder: ExtensionHostConnection {
        let completed = Mutex(0)
        func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
            completed.withLock { $0 += 1 }
            acknowledge(false)
        }
        func cancelRequest(withError error: NSError) {}
        func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) { completionHandler(false) }
    }
}
