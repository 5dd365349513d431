import AppExtensions
import ExtensionHost
import Foundation

/// Runs an installed extension with its own interface in its own (by default sandboxed)
/// process, through the same ``ExtensionHost`` sessions the web sheet uses; the test plays
/// its page.
public struct ChildProcessWebInterfaceRunner: WebInterfaceRunner {
    private let runner: ChildProcessRunner

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        runner = ChildProcessRunner(installed, options: options)
    }

    public func run(_ request: ExtensionRequest, page: @escaping @Sendable (TestInterfacePage) async throws -> Void) async -> ExtensionRunResult {
        let host = runner.host(for: request)
        let (failure, report) = await host.withSession(runner.installed, items: request.inputItems,
                                                       configuration: request.configuration) { session in
            let (posted, deliver) = AsyncStream.makeStream(of: WebInterfaceMessage.self)
            return await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in session.events {
                        if case .interfaceMessage(let message) = event { deliver.yield(message) }
                    }
                    deliver.finish()
                }
                var failure: String?
                do {
                    try await page(TestInterfacePage(received: posted) { message in try await session.postToExtension(message) })
                } catch {
                    failure = "the page failed: \(error)"
                }
                if failure != nil { session.end() }
                let report = await session.report()
                group.cancelAll()
                return (failure, report)
            }
        }
        return failure.map { ExtensionRunResult(outcome: .failed($0)) } ?? ExtensionRunResult(report, timeout: request.timeout)
    }
}
