import ExtensionWire

/// The host's questions to an extension that await their answers, by identifier: widget
/// updates and mode changes, edit queries and edits.
///
/// An answer may come before its wait begins (it is kept until then); an answer to an
/// identifier the host did not ask, or already answered, is refused (a protocol
/// violation); at the end of the run every wait returns `nil`.
struct PendingReplies<Reply: Sendable>: Sendable {
    private var nextID = 1
    /// Asked and not answered yet.
    private var expected: Set<Int> = []
    private var waiters: [Int: CheckedContinuation<Reply?, Never>] = [:]
    /// Answers that came before their wait began.
    private var arrived: [Int: Reply] = [:]

    /// A fresh identifier, whose answer is now expected.
    mutating func ask() -> Int {
        defer { nextID += 1 }
        expect(nextID)
        return nextID
    }

    /// Expects (another) answer to `id`.
    mutating func expect(_ id: Int) {
        expected.insert(id)
    }

    /// The question `id` was never sent: no answer is expected.
    mutating func forget(_ id: Int) {
        expected.remove(id)
    }

    /// The answer to `id` if it came, `.some(nil)` if none will come (`runEnded`, or not
    /// asked); else `nil`, and `continuation` is resumed when it does.
    mutating func wait(for id: Int, runEnded: Bool, _ continuation: CheckedContinuation<Reply?, Never>) -> Reply?? {
        if let answer = arrived.removeValue(forKey: id) { return .some(answer) }
        if runEnded || !expected.contains(id) { return .some(nil) }
        waiters[id] = continuation
        return .none
    }

    /// Takes `reply` as the answer to `id`: `false` when `id` was not asked or was
    /// already answered; else the wait to resume, if one began.
    mutating func answer(_ id: Int, with reply: Reply) -> (accepted: Bool, waiter: CheckedContinuation<Reply?, Never>?) {
        guard expected.remove(id) != nil else { return (false, nil) }
        guard let waiter = waiters.removeValue(forKey: id) else {
            arrived[id] = reply
            return (true, nil)
        }
        return (true, waiter)
    }

    /// The run is over: every wait, to be resumed with `nil`.
    mutating func release() -> [CheckedContinuation<Reply?, Never>] {
        defer { waiters = [:]; expected = []; arrived = [:] }
        return Array(waiters.values)
    }
}

extension ExtensionSession {
    /// Runs `body` with a loop timer that, once `timeout` passes, ends the run with `code`
    /// ("<extension> did not <doing> within <timeout>"); no timer without a timeout.
    func withDeadline<T>(_ timeout: Duration?, _ code: ExtensionHostError.Code, doing: String,
                         _ body: () async -> T) async -> T {
        let timer = timeout.flatMap { timeout in
            loop?.schedule(after: timeout) { [self] in
                fail(ExtensionHostError(code, "\(installed.identifier) did not \(doing) within \(timeout)"))
            }
        }
        defer { if let timer { loop?.cancel(timer) } }
        return await body()
    }

    /// Sends `message` and waits for the answer to `id` in the replies at `replies`; `nil`
    /// when the message could not be sent or the run ended first.
    func exchange<Reply: Sendable>(_ message: WireMessage, id: Int,
                                   in replies: WritableKeyPath<State, PendingReplies<Reply>> & Sendable) async -> Reply? {
        do {
            try await send(message)
        } catch {
            state.withLock { $0[keyPath: replies].forget(id) }
            return nil
        }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                state[keyPath: replies].wait(for: id, runEnded: state.finished, continuation)
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
