import HostTestSupport
import AppExtensions
import ExtensionHost
import Foundation
import Glibc
import Synchronization
import Testing

/// The session's lifetime: ending it, cancelling its caller, loads that never answer, and
/// many sessions at once in one host process.
@Suite("Session control")
struct SessionControlTests {
    /// How the host stops a run that is waiting on one of its own load handlers.
    enum Stop: String, CaseIterable, Sendable {
        case end = "end()"
        case cancellation = "task cancellation"
    }

    struct StopCase: CustomTestStringConvertible, Sendable {
        let stop: Stop
        let sandbox: SandboxMode
        var testDescription: String { "\(stop.rawValue) (\(sandbox.testDescription))" }
    }

    static let stopCases: [StopCase] = hostSandboxModes.flatMap { sandbox in Stop.allCases.map { StopCase(stop: $0, sandbox: sandbox) } }

    /// A provider whose load handler never answers; `started` hears each load it gets.
    static func hangingProvider(_ started: AsyncStream<String>.Continuation) -> ItemProvider {
        let provider = ItemProvider()
        provider.loadTimeout = 3600
        provider.registerItem(forTypeIdentifier: "public.plain-text") { _, _, _ in started.yield("public.plain-text") }
        return provider
    }

    @Test("end() and cancelling the caller end a run blocked in a load handler; the extension is reaped", arguments: stopCases)
    func stopWhileLoading(_ stopCase: StopCase) async throws {
        try requireSandbox(stopCase.sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let (loads, started) = AsyncStream.makeStream(of: String.self)
        let item = ExtensionItem()
        item.attachments = [Self.hangingProvider(started)]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("echo", sandbox: stopCase.sandbox))
        let control = ExtensionRunControl()
        let run = Task { await host.run(fixture.installed, items: [item], control: control) }
        // The extension asked for the text; the host's handler holds it forever.
        var iterator = loads.makeAsyncIterator()
        #expect(await iterator.next() == "public.plain-text")
        switch stopCase.stop {
        case .end: control.end()
        case .cancellation: run.cancel()
        }
        let report = await run.value
        let error = try #require(report.failure, "expected ended-by-host, got \(report.outcome)")
        #expect(error.code == .endedByHost)
        let kill = try #require(report.kill, "expected the host to have killed the extension, got \(String(describing: report.ending))")
        #expect(kill.reason.code == .terminated)
        #expect(kill.signal == SIGKILL)
    }

    @Test("a load handler that never returns holds up neither the other loads nor the session", arguments: hostSandboxModes)
    func hungLoadDoesNotBlock(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let (_, started) = AsyncStream.makeStream(of: String.self)
        let item = ExtensionItem()
        item.attachments = [Self.hangingProvider(started), ItemProvider(item: .string("fast"), typeIdentifier: "public.url")]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("race-loads", sandbox: sandbox))
        let report = await host.run(fixture.installed, items: [item])
        let text = try await report.completedItems()[0].attachments?[0].loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "public.url: fast")
        // The extension exited after its completion; the hung load was cancelled with the session.
        #expect(report.ending == .exited(code: 0))
    }

    @Test("64 sessions run at once in one host process, each to its own completion")
    func manySessions() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("uppercase", sandbox: preferredSandboxMode, wallClock: .seconds(120)))
        let texts = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let item = ExtensionItem()
                    item.attachments = [ItemProvider(item: .string("share \(index)"), typeIdentifier: "public.plain-text")]
                    let report = await host.run(fixture.installed, items: [item])
                    let text = try await report.completedItems().first?.attachments?.first?
                        .loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
                    return (index, text)
                }
            }
            var texts: [Int: String?] = [:]
            for try await (index, text) in group { texts[index] = text }
            return texts
        }
        #expect(texts.count == 64)
        for index in 0..<64 { #expect(texts[index] == "SHARE \(index)") }
    }

    @Test("events arrive in order and end with the report; leaving the scope ends a running extension")
    func eventsAndScope() async throws {
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let item = ExtensionItem()
        item.attachments = [ItemProvider(item: .string("fixture://note/1"), typeIdentifier: "public.plain-text")]
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("open-url", sandbox: preferredSandboxMode))
        let names = await host.withSession(fixture.installed, items: [item]) { session in
            var names: [String] = []
            for await event in session.events {
                switch event {
                case .began: names.append("began")
                case .loadRequested(_, _, let type): names.append("load \(type)")
                case .openURL(let url, let opened): names.append("open \(url.absoluteString) \(opened)")
                case .misuse(let misuse): names.append("misuse \(misuse.code)")
                case .interfaceMessage(let message): names.append("interface \(message.json)")
                case .composeSheet: names.append("compose sheet")
                case .view: names.append("view")
                case .widget: names.append("widget")
                case .ended(let report):
                    if case .completed = report.outcome { names.append("ended completed") } else { names.append("ended \(report.outcome)") }
                }
            }
            return names
        }
        #expect(names == ["began", "load public.plain-text", "open fixture://note/1 true", "ended completed"])

        let never = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                  options: FixtureInstallation.options("never-complete", sandbox: preferredSandboxMode))
        let session = await never.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            for await event in session.events { if case .began = event { break } }
            return session
        }
        let report = await session.report()
        #expect(report.ending != nil, "reaped before withSession returned")
        if case .failed(let error) = report.outcome { #expect(error.code == .endedByHost) } else {
            Issue.record("expected ended-by-host, got \(report.outcome)")
        }
    }

    @Test("ping is answered while the extension runs, to each of many concurrent callers, and says false once the run is over", arguments: hostSandboxModes)
    func ping(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]),
                                 options: FixtureInstallation.options("never-complete", sandbox: sandbox))
        let (answers, session) = await host.withSession(fixture.installed, items: [ExtensionItem()]) { session in
            for await event in session.events { if case .began = event { break } }
            // Several in flight at once from concurrent callers: each gets its own answer.
            let answers = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<20 { group.addTask { await session.ping() } }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            return (answers, session)
        }
        #expect(answers == Array(repeating: true, count: 20))
        #expect(await session.ping() == false)
    }
}
