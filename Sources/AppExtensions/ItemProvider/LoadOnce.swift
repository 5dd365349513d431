import Dispatch
import Foundation
import Synchronization

/// The single answer of one load: the first call of `finish` wins, later calls are
/// reported as diagnostics; a timer ends the load if no answer comes.
///
/// The loader's completion is always called on a global queue, never inline.
final class LoadOnce: Sendable {
    private let finished = Mutex<(done: Bool, timedOut: Bool)>((false, false))
    private let typeIdentifier: String
    private let deliver: @Sendable (Result<Fetched, ItemProviderError>) -> Void
    private let report: @Sendable (ItemProviderDiagnostic) -> Void

    init(typeIdentifier: String,
         report: @escaping @Sendable (ItemProviderDiagnostic) -> Void,
         deliver: @escaping @Sendable (Result<Fetched, ItemProviderError>) -> Void) {
        self.typeIdentifier = typeIdentifier
        self.report = report
        self.deliver = deliver
    }

    /// Starts the timer: after `seconds`, an unanswered load fails with -1000.
    func startTimer(_ seconds: TimeInterval, what: String) {
        let formatted = seconds.formatted(.number.precision(.fractionLength(0...3)))
        Offload.run(after: seconds) { [self] in
            let error = ItemProviderError(.itemUnavailableError,
                                          "Timed out after \(formatted) s loading \(what) of type \(typeIdentifier)")
            finish(.failure(error), isTimeout: true)
        }
    }

    /// Ends the load with `result`, unless it has already ended.
    func finish(_ result: Result<Fetched, ItemProviderError>, isTimeout: Bool = false) {
        let previous = finished.withLock { state -> (done: Bool, timedOut: Bool) in
            let before = state
            if !state.done { state = (true, isTimeout) }
            return before
        }
        guard previous.done else {
            Offload.run { [deliver] in deliver(result) }
            return
        }
        if isTimeout { return }
        if case .success(.file(let url, _, true, _)) = result { try? FileManager.default.removeItem(at: url) }
        if previous.timedOut {
            report(.init(.completionAfterTimeout, typeIdentifier: typeIdentifier,
                         "The load handler for \(typeIdentifier) answered after the load timed out; the answer was ignored"))
        } else {
            report(.init(.completionCalledTwice, typeIdentifier: typeIdentifier,
                         "The load handler for \(typeIdentifier) called its completion handler more than once; the later call was ignored"))
        }
    }
}
