import Synchronization

/// A gate the fake engine's slow key ("z") waits at until the test opens it, so that a test
/// of what happens meanwhile does not depend on how long anything takes.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// A gate, open from the start when `open`.
    init(open: Bool = false) {
        state.withLock { $0.open = open }
    }

    /// Waits until the gate is open.
    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    /// Opens the gate: every waiter goes on, and later ones do not wait.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}
