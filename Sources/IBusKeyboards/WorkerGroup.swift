import Synchronization

/// The engines' worker tasks, owned here and awaited when the service ends, so that no
/// keyboard's process outlives ``KeyboardEngineService/serve(address:register:onReady:onKeyboardShown:)``.
/// A task that has finished leaves the group, so a long-lived engine process keeps only the
/// workers of the input contexts that still exist.
final class WorkerGroup: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        var next = 0
    }

    private let state = Mutex(State())

    /// Starts `work` as a task of this group.
    func add(_ work: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let id = state.next
            state.next += 1
            state.tasks[id] = Task { [self] in
                await work()
                _ = self.state.withLock { $0.tasks.removeValue(forKey: id) }
            }
        }
    }

    /// Waits for every task (the engines were destroyed, so each one's commands have ended).
    func waitForAll() async {
        while let task = state.withLock({ $0.tasks.first?.value }) { await task.value }
    }
}
