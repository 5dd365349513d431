import AppExtensions
import ExtensionHost
import ExtensionTesting
import Foundation
import HostTestSupport
import Synchronization
import Testing

/// One test body for an extension's own interface against the handler in this process and
/// in a child process, the test playing its page.
@Suite("Web interface parity")
struct InterfaceParityTests {
    /// The in-process twin of the fixture's `web-interface` behaviour (FixtureInterfaceHandler):
    /// `ready` → the items, `done` → completes with its text.
    struct Twin: WebInterfaceRequestHandling {
        struct Incoming: Decodable { var type: String; var text: String? }

        func beginRequest(with context: ExtensionContext, interface: WebInterface) async {
            for await message in interface.messages {
                guard let incoming = try? message.decode(Incoming.self) else { continue }
                if incoming.type == "ready" {
                    var lines: [String] = []
                    for provider in context.inputItems.flatMap({ $0.attachments ?? [] }) {
                        lines.append("\(provider.registeredTypeIdentifiers.first ?? "item"): \(await provider.firstValueSummary() ?? "")")
                    }
                    try? await interface.post(Items(items: lines))
                } else if incoming.type == "done" {
                    let item = ExtensionItem()
                    item.attributedContentText = NSAttributedString(string: incoming.text ?? "")
                    context.completeRequest(returningItems: [item])
                    return
                }
            }
        }
    }

    struct Items: Codable { var type = "items"; var items: [String] }
    struct Done: Encodable { var type = "done"; var text: String }

    /// The shared body: ready → the items come back; a message that is not JSON is refused;
    /// done → the request completes with the page's text.
    static func checkTalks(_ runner: some WebInterfaceRunner) async throws {
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("hello page"), typeIdentifier: "public.plain-text")]
        let refusal = Mutex<WebInterfaceError.Code?>(nil)
        let seen = Mutex<[String]>([])
        let result = await runner.run(ExtensionRequest(inputItems: [item], timeout: 120)) { page in
            try await page.post(["type": "ready"])
            let items = try #require(await page.next(), "the extension answered ready").decode(Items.self)
            seen.withLock { $0 = items.items }
            do {
                try await page.post(WebInterfaceMessage(json: "{not json"))
            } catch let error as WebInterfaceError {
                refusal.withLock { $0 = error.code }
            }
            try await page.post(Done(text: "posted from the page"))
        }
        #expect(seen.withLock { $0 } == ["public.plain-text: hello page"])
        #expect(refusal.withLock { $0 } == .notJSON)
        let returned = try result.completedItems()
        #expect(returned.first?.attributedContentText?.string == "posted from the page")
    }

    @Test("a web interface passes the same test in this process and in a child process", arguments: ParityRunner.all)
    func talks(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            try await Self.checkTalks(InProcessWebInterfaceRunner { Twin() })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make(point: "com.apple.share-services",
                                                       interfaceFiles: ["Interface/index.html": "<!doctype html><title>t</title>"])
            defer { fixture.remove() }
            try await Self.checkTalks(ChildProcessWebInterfaceRunner(fixture.installed, options: FixtureInstallation.options("web-interface", sandbox: sandbox)))
        }
    }

    @Test("the host relays nothing to an extension that declares no page")
    func noPageNoBridge() async throws {
        let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
        defer { fixture.remove() }
        let runner = ChildProcessWebInterfaceRunner(fixture.installed, options: FixtureInstallation.options("web-interface", sandbox: preferredSandboxMode))
        let result = await runner.run(ExtensionRequest(inputItems: [ExtensionItem()], timeout: 120)) { page in
            try await page.post(["type": "ready"])
        }
        let failure: String? = if case .failed(let message) = result.outcome { message } else { nil }
        let message = try #require(failure, "expected the page's post to be refused, got \(result.outcome)")
        #expect(message.contains("no-page") && message.contains("declares no web interface"), "\(message)")
    }
}
