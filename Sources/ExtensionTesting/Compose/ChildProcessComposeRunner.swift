import AppExtensions
import ComposeSheet
import ExtensionHost
import Foundation

/// Runs an installed extension's compose sheet in its own (by default sandboxed) process,
/// through the same ``ExtensionHost`` sessions that `appex share --compose-script` uses.
public struct ChildProcessComposeRunner: ComposeSheetRunner {
    private let runner: ChildProcessRunner

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        runner = ChildProcessRunner(installed, options: options)
    }

    public func run(_ request: ExtensionRequest, events: [ComposeSheetEvent]) async -> ComposeSheetRun {
        let host = runner.host(for: request)
        let (initial, steps, report) = await host.withSession(runner.installed, items: request.inputItems,
                                                              configuration: request.configuration) { session in
            let initial = await session.composeSheet()
            var steps: [ComposeSheetRun.Step] = []
            for event in events {
                let reply = initial == nil ? nil : await session.send(event)
                steps.append(.init(event: event, state: reply?.state, refusal: reply?.refusal?.code))
            }
            return (initial, steps, await session.report())
        }
        return ComposeSheetRun(initial: initial, steps: steps, result: ExtensionRunResult(report, timeout: request.timeout))
    }
}
