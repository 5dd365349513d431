import Synchronization

/// The key-processing tasks of one `withIBusEngines` call that have not finished yet.
final class KeyTaskTracker: Sendable {
    private let state = Mutex(State())

    /// An empty tracker.
    init() {}

    private struct State {
        var running: [Int: Task<Void, Never>] = [:]
        var nextID = 0
    }

    /// Starts a task running `body`, tracked until `body` returns.
    func start(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            // The task removes itself under the lock, so after this insertion.
            let task = Task {
                await body()
                self.state.withLock { _ = $0.running.removeValue(forKey: id) }
            }
            state.running[id] = task
            return task
        }
    }

    /// Returns when every task started so far has finished.
    func waitForAll() async {
        let running = state.withLock { Array($0.running.values) }
        for task in running {
            await task.value
        }
    }
}
