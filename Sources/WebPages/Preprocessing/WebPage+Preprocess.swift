import AppExtensions
import Foundation

/// An extension's preprocessing file, run in a page: its outcome, and the isolated world
/// it ran in, where ``WebPage/finalize(_:after:limits:)`` calls `finalize`.
public struct PreprocessingRun: Sendable {
    /// What the run gave.
    public let outcome: PreprocessingOutcome
    /// The script that ran.
    public let script: PreprocessingScript
    /// The world, unless it could not be made.
    let world: Int?
}

extension WebPage {
    /// Runs `script` in a new isolated world of this page, as Safari does before it starts
    /// the extension: loads the file, calls `ExtensionPreprocessingJS.run(arguments)` and
    /// waits for `arguments.completionFunction(results)`, within `limits`.
    ///
    /// Never throws and never hangs: a file that throws, never completes, returns what a
    /// property list cannot hold or blocks the page gives an outcome without results that
    /// says why.
    public func preprocess(_ script: PreprocessingScript, limits: PreprocessingLimits = PreprocessingLimits()) async -> PreprocessingRun {
        let started = ContinuousClock.now
        let identifier = script.extensionIdentifier
        func ending(_ status: PreprocessingOutcome.Status, _ problem: String?, world: Int?,
                    results: [String: ItemProviderValue]? = nil, bytes: Int = 0) -> PreprocessingRun {
            var outcome = PreprocessingOutcome(extensionIdentifier: identifier, status: status, results: results, problem: problem)
            outcome.resultBytes = bytes
            outcome.duration = ContinuousClock.now - started
            return PreprocessingRun(outcome: outcome, script: script, world: world)
        }
        // Room for the page's own timer to fire first: this host-side limit is for a page
        // whose JavaScript never yields, so that its timer cannot.
        let hostLimit = limits.time + .seconds(2)
        var world: Int?
        do {
            let created = try await makeIsolatedWorld("appex: \(identifier)", within: hostLimit)
            world = created
            let loaded: EvaluateResult<JSONScalar> = try await evaluate(script.source + "\n//# sourceURL=\(script.sourceName)\n", in: created,
                                                                       within: hostLimit)
            if let exception = loaded.exceptionDetails {
                return ending(.threw, "\(script.sourceName) threw while loading: \(exception.summary)", world: world)
            }
            struct Settled: Decodable, Sendable {
                var value: String?
                var threw: String?
                var refused: String?
                var missing: String?
                var timeout: Bool?
            }
            let expression = PreprocessingJavaScript.run(limitMilliseconds: limits.milliseconds, maximumBytes: limits.resultBytes)
            let reply: EvaluateResult<Settled> = try await evaluate(expression, in: created, awaitPromise: true, within: hostLimit)
            if let exception = reply.exceptionDetails {
                return ending(.threw, "run threw: \(exception.summary)", world: world)
            }
            let settled = reply.result.value
            if let json = settled?.value {
                do {
                    let results = try PreprocessingResults.decode(json)
                    return ending(.delivered, nil, world: world, results: results, bytes: json.utf8.count)
                } catch {
                    return ending(.refused, "the results could not be read as a property list: \(error)", world: world)
                }
            }
            if let threw = settled?.threw { return ending(.threw, "run threw: \(threw)", world: world) }
            if let refused = settled?.refused { return ending(.refused, refused, world: world) }
            if let missing = settled?.missing { return ending(.noRunFunction, missing, world: world) }
            if settled?.timeout == true {
                return ending(.notCompleted, "run did not call completionFunction within \(limits.time)", world: world)
            }
            return ending(.failed, "the page's side of the run returned nothing this host understands", world: world)
        } catch where error.code == .timedOut {
            await stopScripts()
            return ending(.unresponsive, "the page's JavaScript did not return within \(hostLimit) (a script that never yields?); it was stopped", world: world)
        } catch {
            return ending(.failed, error.message, world: world)
        }
    }

    /// Stops the JavaScript running in the page now (`Runtime.terminateExecution`).
    func stopScripts() async {
        let _: IgnoredResult? = try? await send("Runtime.terminateExecution", within: .seconds(5))
    }
}
