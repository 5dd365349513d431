import HostTestSupport
import AppExtensions
import ExtensionHost
import ExtensionTesting
import Foundation
import Testing

/// The same test body against an in-process extension and the sandboxed child process.
@Suite("Harness parity")
struct HarnessParityTests {
    /// The in-process twin of the fixture's `uppercase` behaviour.
    final class Uppercase: ExtensionRequestHandling, Sendable {
        func beginRequest(with context: ExtensionContext) {
            Task {
                do {
                    let provider = context.inputItems.first?.attachments?.first
                    let text = try await provider?.loadItem(forTypeIdentifier: "public.plain-text", as: String.self) ?? ""
                    let item = ExtensionItem()
                    item.attachments = [ItemProvider(item: .string(text.uppercased()), typeIdentifier: "public.plain-text")]
                    context.completeRequest(returningItems: [item])
                } catch {
                    context.cancelRequest(withError: error as NSError)
                }
            }
        }
    }

    /// The shared body: share "hello, world" as text and expect it upper-cased.
    static func checkUppercases(_ runner: some ExtensionRunner) async throws {
        // Generous: the run is checked for what it returns, not for speed, and a loaded CI
        // machine (2 cores, other tests starting processes) can take seconds to start one.
        let harness = ExtensionHarness(runner: runner, timeout: 120)
        let result = try await harness.run(fixtures: [.text("hello, world")])
        let items = try result.completedItems()
        let text = try await items.first?.attachments?.first?.loadItem(forTypeIdentifier: "public.plain-text", as: String.self)
        #expect(text == "HELLO, WORLD")
        #expect(result.misuses.isEmpty)
    }

    @Test("an extension that upper-cases text passes the same test in both runners", arguments: ParityRunner.all)
    func uppercases(_ kind: ParityRunner) async throws {
        switch kind {
        case .inProcess:
            try await Self.checkUppercases(InProcessRunner { Uppercase() })
        case .childProcess(let sandbox):
            try requireSandbox(sandbox)
            let fixture = try FixtureInstallation.make()
            defer { fixture.remove() }
            let options = FixtureInstallation.options("uppercase", sandbox: sandbox)
            try await Self.checkUppercases(ChildProcessRunner(fixture.installed, options: options))
        }
    }

    @Test("a crash in the child process is a failed run, not a hang or a crash of the test", arguments: hostSandboxModes)
    func crashIsFailure(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let fixture = try FixtureInstallation.make()
        defer { fixture.remove() }
        let runner = ChildProcessRunner(fixture.installed, options: FixtureInstallation.options("crash", sandbox: sandbox))
        let result = try await ExtensionHarness(runner: runner, timeout: 120).run(fixtures: [.text("x")])
        #expect(throws: ExtensionRunError.self) { try result.completedItems() }
        guard case .failed(let message) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(message.contains("SIGSEGV"))
    }
}
