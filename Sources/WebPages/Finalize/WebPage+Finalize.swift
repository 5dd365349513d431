import AppExtensions

extension WebPage {
    /// Calls `ExtensionPreprocessingJS.finalize(argument)` in the world where `run` ran
    /// (Safari does so when an action extension completes with a finalize argument), and
    /// waits for it to return, or for its promise, within `limits.time`.
    public func finalize(_ argument: [String: ItemProviderValue], after run: PreprocessingRun,
                         limits: PreprocessingLimits = PreprocessingLimits()) async -> FinalizeOutcome {
        let identifier = run.outcome.extensionIdentifier
        guard let world = run.world else {
            return FinalizeOutcome(extensionIdentifier: identifier, status: .failed, problem: "the script never had a world in this page")
        }
        struct Settled: Decodable, Sendable {
            var done: Bool?
            var threw: String?
            var missing: String?
            var timeout: Bool?
        }
        let expression = PreprocessingJavaScript.finalize(argument: FinalizeArgument.javaScript(.dictionary(argument)),
                                                          limitMilliseconds: limits.milliseconds)
        let hostLimit = limits.time + .seconds(2)
        do {
            let reply: EvaluateResult<Settled> = try await evaluate(expression, in: world, awaitPromise: true, within: hostLimit)
            if let exception = reply.exceptionDetails {
                return FinalizeOutcome(extensionIdentifier: identifier, status: .threw, problem: "finalize threw: \(exception.summary)")
            }
            let settled = reply.result.value
            if settled?.done == true { return FinalizeOutcome(extensionIdentifier: identifier, status: .finalized) }
            if let threw = settled?.threw {
                return FinalizeOutcome(extensionIdentifier: identifier, status: .threw, problem: "finalize threw: \(threw)")
            }
            if let missing = settled?.missing {
                return FinalizeOutcome(extensionIdentifier: identifier, status: .noFinalizeFunction, problem: missing)
            }
            return FinalizeOutcome(extensionIdentifier: identifier, status: .timedOut,
                                   problem: "finalize's promise did not settle within \(limits.time)")
        } catch where error.code == .timedOut {
            await stopScripts()
            return FinalizeOutcome(extensionIdentifier: identifier, status: .timedOut,
                                   problem: "the page's JavaScript did not return within \(hostLimit); it was stopped")
        } catch {
            return FinalizeOutcome(extensionIdentifier: identifier, status: .failed, problem: error.message)
        }
    }
}
