import HostTestSupport
import AppExtensions
import ComposeSheet
import ExtensionHost
import ExtensionTesting
import Foundation
import Testing

/// One compose-sheet test body against the sheet in this process and in a child process.
@Suite("Compose sheet parity")
struct ComposeParityTests {
    /// The in-process twin of the fixture's `compose` sheet (FixtureComposeController).
    final class Audience: ComposeServiceViewController {
        var audience = 0

        override func isContentValid() -> Bool {
            charactersRemaining = NSNumber(value: 10 - contentText.count)
            return !contentText.isEmpty && (charactersRemaining?.intValue ?? 0) >= 0
        }

        override func configurationItems() -> [Any]! {
            let item: ComposeSheetConfigurationItem = ComposeSheetConfigurationItem()
            item.title = "Audience"
            item.value = ["Everyone", "Friends"][audience]
            item.tapHandler = { [weak self] in self?.pickAudience() }
            return [item]
        }

        /// The item's picker; a choice sets the audience and comes back.
        private func pickAudience() {
            pushConfigurationViewController(ComposeConfigurationView(title: "Audience", choices: ["Everyone", "Friends"], selected: audience) { [weak self] index in
                self?.audience = index
                self?.popConfigurationViewController()
                self?.reloadConfigurationItems()
            })
        }

        override func didSelectPost() {
            let item = ExtensionItem()
            item.attributedContentText = NSAttributedString(string: "\(contentText ?? "") (to \(["Everyone", "Friends"][audience]))")
            extensionContext?.completeRequest(returningItems: [item], completionHandler: nil)
        }
    }

    /// The shared body: refuse an early Post, write, choose Friends, post.
    static func checkPosts(_ runner: some ComposeSheetRunner) async throws {
        let run = await runner.run(ExtensionRequest(inputItems: [ExtensionItem()], timeout: 120),
                                   events: [.post, .textEdited("hi all"), .itemTapped(0), .choiceMade(1), .post])
        #expect(run.initial?.isPostEnabled == false)
        #expect(run.steps.map(\.refusal) == ["post-disabled", nil, nil, nil, nil])
        #expect(run.steps[1].state?.charactersRemaining == 4)
        #expect(run.steps[2].state?.pushed?.title == "Audience")
        #expect(run.steps[3].state?.items.first?.value == "Friends")
        let items = try run.result.completedItems()
        #expect(items.first?.attributedContentText?.string == "hi all (to Friends)")
    }

    @Test("a compose sheet passes the same test in this process and in a child process", arguments: ParityRunner.all)
    func posts(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            try await Self.checkPosts(InProcessComposeRunner { Audience() })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
            defer { fixture.remove() }
            try await Self.checkPosts(ChildProcessComposeRunner(fixture.installed, options: FixtureInstallation.options("compose", sandbox: sandbox)))
        }
    }
}
