import Synchronization

/// Events in arrival order, which a test can await.
final class EventLog<Event: Sendable>: Sendable {
    private let state = Mutex(State())

    private struct State {
        var events: [Event] = []
        var finished = false
        var waiters: [Waiter] = []
        var nextWaiter = 0
    }

    private struct Waiter {
        let id: Int
        let from: Int
        let matches: @Sendable (Event) -> Bool
        let continuation: CheckedContinuation<Event?, Never>
    }

    /// Every event so far.
    var events: [Event] { state.withLock { $0.events } }

    /// Adds `event` and wakes the waiters it matches.
    func append(_ event: Event) {
        let woken = state.withLock { state -> [Waiter] in
            guard !state.finished else { return [] }
            state.events.append(event)
            let woken = state.waiters.filter { $0.matches(event) }
            state.waiters.removeAll { $0.matches(event) }
            return woken
        }
        woken.forEach { $0.continuation.resume(returning: event) }
    }

    /// Ends the log: waiters still waiting get nil.
    func finish() {
        let waiters = state.withLock { state -> [Waiter] in
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.continuation.resume(returning: nil) }
    }

    /// The first event at or after index `from` that matches, waiting for it if need be;
    /// nil if the log ends first, or the waiting task is cancelled (a test's time limit).
    func first(from: Int = 0, where matches: @escaping @Sendable (Event) -> Bool) async -> Event? {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let found: Event?? = state.withLock { state in
                    if let event = state.events.dropFirst(from).first(where: matches) { return .some(event) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiters.append(Waiter(id: id, from: from, matches: matches, continuation: continuation))
                    return nil
                }
                if let found { continuation.resume(returning: found) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
    }
}
