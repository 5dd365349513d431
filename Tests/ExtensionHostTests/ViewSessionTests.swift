import HostTestSupport
import AppExtensions
import ExtensionHost
import ExtensionUI
import Foundation
import Testing

/// A view controller in a real extension process: the host receives its snapshots and
/// sends the person's actions.
@Suite("View controller sessions")
struct ViewSessionTests {
    @Test("what the controller changes on its own arrives as an event; the alert's Cancel cancels; the controller is dismissed before the process ends",
          arguments: hostSandboxModes)
    func publishedAndCancelled(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("view-controller", sandbox: sandbox))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("a link"), typeIdentifier: "public.plain-text")]
        let report = try await host.withSession(fixture.installed, items: [item]) { session in
            guard case .viewController(let first)? = await session.presentation() else {
                Issue.record("the fixture presented no view controller")
                return await session.report()
            }
            #expect(first.revision == 1)
            #expect(first.title == "Fixture")
            // The caption says what is shared once the extension has loaded it: a snapshot it
            // publishes on its own, without an action.
            let loaded = await value(within: .seconds(120)) { () async -> ViewSnapshot? in
                for await event in session.events {
                    if case .view(let snapshot) = event, snapshot.elements.contains(where: { $0.text == "Sharing: a link" }) { return snapshot }
                }
                return nil
            }
            let caption = try #require(loaded ?? nil, "the caption never said what is shared")
            #expect(caption.revision > 1, "the caption's change came as a newer snapshot")

            let send = try #require(first.elements.first { $0.kind == .button && $0.text == "Send" })
            let asked = await session.send(.tap(send.id))
            #expect(asked?.refusal == nil)
            #expect(asked?.snapshot.alert?.message == "The note is empty.")
            let behind = await session.send(.tap(send.id))
            #expect(behind?.refusal?.code == "alert-shown")
            let unknown = await session.send(.tap(9_999))
            #expect(unknown?.refusal?.code == "alert-shown", "nothing behind the alert is reached, not even to be found missing")
            let cancelled = await session.send(.chooseAlertAction(0))
            #expect(cancelled?.refusal == nil)
            return await session.report()
        }
        guard case .cancelled(let error) = report.outcome else {
            Issue.record("expected a cancellation, got \(report.outcome)")
            return
        }
        #expect(error.code == NSUserCancelledError)
        #expect(report.standardError.contains("fixture: viewWillDisappear\nfixture: viewDidDisappear"), "\(report.standardError)")
    }

    @Test("an extension without a view controller presents none; its snapshot is nil and an action answers nothing")
    func noView() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("noop", sandbox: preferredSandboxMode))
        let (presented, snapshot, reply) = await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            (await session.presentation(), await session.viewSnapshot(), await session.send(ViewAction.tap(1)))
        }
        #expect(presented == nil)
        #expect(snapshot == nil)
        #expect(reply == nil)
    }
}
