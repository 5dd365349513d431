import AppExtensions
import ExtensionHost
import ExtensionUI
import Foundation

/// Runs an installed extension's view controller in its own (by default sandboxed)
/// process, through the same ``ExtensionHost`` sessions that `appex share --view-script` uses.
public struct ChildProcessViewControllerRunner: ViewControllerRunner {
    private let runner: ChildProcessRunner

    /// A runner for `installed`.
    public init(_ installed: InstalledExtension, options: LaunchOptions = LaunchOptions()) {
        runner = ChildProcessRunner(installed, options: options)
    }

    public func run(_ request: ExtensionRequest, steps: [ViewStep]) async -> ViewControllerRun {
        let host = runner.host(for: request)
        let (initial, records, report) = await host.withSession(runner.installed, items: request.inputItems,
                                                                configuration: request.configuration) { session in
            let initial = await session.viewSnapshot()
            var records: [ViewControllerRun.Step] = []
            var shown = initial
            for step in steps {
                guard let current = shown else {
                    records.append(.init(step: step, snapshot: nil, refusal: nil))
                    continue
                }
                let (record, now) = await ViewControllerRun.Step.apply(step, to: current) { action in
                    guard let reply = await session.send(action) else { return nil }
                    return (reply.snapshot, reply.refusal?.code)
                }
                records.append(record)
                shown = now
            }
            return (initial, records, await session.report())
        }
        return ViewControllerRun(initial: initial, steps: records, result: ExtensionRunResult(report, timeout: request.timeout))
    }
}
