import HostTestSupport
import AppExtensions
import ComposeSheet
import ExtensionHost
import Foundation
import Testing

/// A compose sheet in a real extension process: the host receives its states and sends
/// the user's events, sandboxed and not.
@Suite("Compose sheet sessions")
struct ComposeSessionTests {
    @Test("edit, tap, choose and post through the wire; refusals come back with the unchanged state", arguments: hostSandboxModes)
    func composeRoundTrip(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("compose", sandbox: sandbox))
        let report = await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            let first = await session.composeSheet()
            #expect(first?.revision == 1)
            #expect(first?.isPostEnabled == false, "empty text is not valid")
            #expect(first?.items.map(\.title) == ["Audience"])

            let refused = await session.send(.post)
            #expect(refused?.refusal?.code == "post-disabled")
            #expect(refused?.state.revision == 1, "a refusal spends no revision")

            let edited = await session.send(.textEdited("hello"))
            #expect(edited?.state.charactersRemaining == 5)
            #expect(edited?.state.isPostEnabled == true)

            let pushed = await session.send(.itemTapped(0))
            #expect(pushed?.state.pushed == .init(title: "Audience", content: .choices(["Everyone", "Friends"], selected: 0)))
            #expect(pushed?.state.isPostEnabled == false)

            let chosen = await session.send(.choiceMade(1))
            #expect(chosen?.state.items.first?.value == "Friends")
            #expect(chosen?.state.pushed == nil)

            let over = await session.send(.textEdited("far too long a post"))
            #expect(over?.state.charactersRemaining == -9)
            #expect(over?.state.isPostEnabled == false)
            _ = await session.send(.textEdited("hi all"))
            let posted = await session.send(.post)
            #expect(posted?.refusal == nil)
            return await session.report()
        }
        let items = try report.completedItems()
        #expect(items.first?.attributedContentText?.string == "hi all (to Friends)")
    }

    @Test("a sheet state over the host's limits ends the run as a protocol violation naming the field", arguments: hostSandboxModes)
    func hostileState(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("compose-flood", sandbox: sandbox))
        let report = await host.run(fixture.installed, items: [ExtensionItem()])
        let error = try #require(report.failure, "expected a protocol violation, got \(report.outcome)")
        #expect(error.code == .protocolViolation)
        #expect(error.message.contains("configuration items: 10000; at most 64"), "\(error.message)")
    }

    @Test("an extension without a compose sheet has none; sending to it answers nothing")
    func noSheet() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("noop", sandbox: preferredSandboxMode))
        let sheet = await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            await session.composeSheet()
        }
        #expect(sheet == nil)
    }

    @Test("what the extension changes on its own reaches the host: a pending item's value, the preview's text", arguments: hostSandboxModes)
    func publishedStates(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make(point: "com.apple.share-services")
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("compose-pending", sandbox: sandbox))
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("a link\nand more"), typeIdentifier: "public.plain-text")]
        let (first, settled) = await host.withSession(fixture.installed, items: [item]) { session in
            // The events, not composeSheet(): that is the newest state, which may already be
            // a later one.
            var first: ComposeSheetState?
            var settled: ComposeSheetState?
            for await event in session.events {
                guard case .composeSheet(let state) = event else { continue }
                if first == nil { first = state }
                if state.items.first?.valuePending == false, state.preview?.detail != nil {
                    settled = state
                    break
                }
            }
            _ = await session.send(.cancel)
            return (first, settled)
        }
        #expect(first?.items.first?.valuePending == true)
        #expect(first?.items.first?.value == nil)
        let state = try #require(settled, "the extension's own changes never reached the host")
        #expect(state.items.first?.value == "@appex")
        #expect(state.preview?.detail == "a link")
        #expect(state.revision > (first?.revision ?? .max))
    }
}
