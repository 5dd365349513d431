import AppExtensions
import Dispatch
import Foundation
import Synchronization

/// The host side of an in-process request: records what the context reports and ends
/// the run at the first completion, cancellation or timeout.
final class HarnessConnection: ExtensionHostConnection {
    private struct State {
        var outcome: ExtensionRunResult.Outcome?
        var waiter: CheckedContinuation<ExtensionRunResult.Outcome, Never>?
        var opened: [URL] = []
        var misuses: [ExtensionContextError] = []
    }

    private let state = Mutex(State())
    private let expired: Bool

    init(acknowledgesAsExpired: Bool) {
        expired = acknowledgesAsExpired
    }

    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        end(.completed(items))
        acknowledge(expired)
    }

    func cancelRequest(withError error: NSError) {
        end(.cancelled(error))
    }

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        state.withLock { $0.opened.append(url) }
        completionHandler(true)
    }

    func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError) {
        state.withLock { $0.misuses.append(error) }
    }

    /// Ends the run with `outcome` unless it has ended.
    func end(_ outcome: ExtensionRunResult.Outcome) {
        let waiter = state.withLock { s -> CheckedContinuation<ExtensionRunResult.Outcome, Never>? in
            guard s.outcome == nil else { return nil }
            s.outcome = outcome
            defer { s.waiter = nil }
            return s.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Waits for the run to end, at most `timeout` seconds.
    func result(timeout: TimeInterval) async -> ExtensionRunResult {
        Offload.run(after: timeout) { [self] in end(.timedOut(after: timeout)) }
        let outcome = await withCheckedContinuation { continuation in
            let ended = state.withLock { s -> ExtensionRunResult.Outcome? in
                if s.outcome == nil { s.waiter = continuation }
                return s.outcome
            }
            if let ended { continuation.resume(returning: ended) }
        }
        return state.withLock { ExtensionRunResult(outcome: outcome, openedURLs: $0.opened, misuses: $0.misuses) }
    }
}
