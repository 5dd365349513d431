import ExtensionIPC
import ExtensionWire

extension ExtensionSession {
    /// Asks the extension's runtime to answer at once, and waits for the answer: `true`
    /// when it came, `false` when the run ended first.
    ///
    /// The runtime answers from its receive loop without running the extension's code, so
    /// a ping is the channel's round trip plus the runtime's dispatch: a liveness check,
    /// and the baseline the compose sheet's keystroke is measured against
    /// (docs/BENCHMARKS.md).
    @discardableResult
    public func ping() async -> Bool {
        let sequence = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            defer { state.pings.next += 1 }
            state.pings.expected.insert(state.pings.next)
            return state.pings.next
        }
        guard let sequence else { return false }
        do {
            try await send(.ping(Ping(sequence: sequence)))
        } catch {
            _ = state.withLock { $0.pings.expected.remove(sequence) }
            return false
        }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool? in
                if state.pings.answered.remove(sequence) != nil {
                    state.pings.expected.remove(sequence)
                    return true
                }
                if state.finished { return false }
                state.pings.waiters[sequence] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The extension's answer to a ping; one nobody sent is a protocol violation.
    func receive(_ pong: Pong) {
        let outcome = state.withLock { state -> (known: Bool, waiter: CheckedContinuation<Bool, Never>?) in
            guard state.pings.expected.contains(pong.sequence) else { return (false, nil) }
            if let waiter = state.pings.waiters.removeValue(forKey: pong.sequence) {
                state.pings.expected.remove(pong.sequence)
                return (true, waiter)
            }
            state.pings.answered.insert(pong.sequence)
            return (true, nil)
        }
        guard outcome.known else {
            return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent a pong for ping \(pong.sequence), which the host never sent"))
        }
        outcome.waiter?.resume(returning: true)
    }

    /// At the end of the run: no ping will be answered.
    func releasePingWaiters() {
        let waiters = state.withLock { state in
            defer { state.pings.waiters = [:] }
            return Array(state.pings.waiters.values)
        }
        waiters.forEach { $0.resume(returning: false) }
    }
}

/// The pings in flight.
struct PingState: Sendable {
    var next = 1
    /// Pings sent and not yet answered to their caller.
    var expected: Set<Int> = []
    /// Pongs that came before their caller waited.
    var answered: Set<Int> = []
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
}
