import AppExtensions
import ExtensionHost
import ExtensionUI
import Foundation

/// Runs a view controller in this process: a new controller per run, presented and driven
/// on the main actor with the same rules as in an extension process, each snapshot checked
/// against the host's ``ViewLimits``.
public struct InProcessViewControllerRunner: ViewControllerRunner {
    private let makeController: @MainActor @Sendable () -> UIViewController
    private let limits: ViewLimits

    /// A runner that makes a new controller from `makeController` for each run.
    public init(limits: ViewLimits = ViewLimits(), _ makeController: @escaping @MainActor @Sendable () -> UIViewController) {
        self.makeController = makeController
        self.limits = limits
    }

    public func run(_ request: ExtensionRequest, steps: [ViewStep]) async -> ViewControllerRun {
        let connection = HarnessConnection(acknowledgesAsExpired: request.acknowledgesAsExpired)
        let context = ExtensionContext(inputItems: request.inputItems, connection: connection, configuration: request.configuration)
        let host = await MainActor.run { ViewHost(root: makeController(), context: context) }
        let (initial, records, problem) = await drive(host, steps: steps)
        let result: ExtensionRunResult
        if let problem { result = ExtensionRunResult(outcome: .failed(problem)) } else { result = await connection.result(timeout: request.timeout) }
        // The request is over: the host takes the controller away.
        await MainActor.run { host.dismiss() }
        return ViewControllerRun(initial: initial, steps: records, result: result)
    }

    /// Presents the controller and applies the steps; a snapshot over the limits stops the
    /// run, as the host would.
    @MainActor
    private func drive(_ host: ViewHost, steps: [ViewStep]) async -> (ViewSnapshot?, [ViewControllerRun.Step], String?) {
        let initial = host.present()
        if let problem = limits.violation(in: initial) { return (nil, [], "a view snapshot the host refuses: \(problem)") }
        var shown = initial
        var records: [ViewControllerRun.Step] = []
        for step in steps {
            let (record, now) = await ViewControllerRun.Step.apply(step, to: shown) { action in
                do throws(ViewActionError) {
                    return (try host.perform(action), nil)
                } catch {
                    return (host.currentSnapshot ?? shown, error.code.rawValue)
                }
            }
            records.append(record)
            if let now {
                if let problem = limits.violation(in: now) { return (initial, records, "a view snapshot the host refuses: \(problem)") }
                shown = now
            }
        }
        return (initial, records, nil)
    }
}
