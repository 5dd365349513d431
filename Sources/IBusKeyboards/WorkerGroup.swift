import Synchronization

/// The engines' worker tasks, owned here and awaited when the service ends, so that no
/// keyboard's process outlives ``KeyboardEngineService/serve()``.
final class WorkerGroup: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Starts `work` as a task of this group.
    func add(_ work: @escaping @Sendable () async -> Void) {
        let task = Task { await work() }
        tasks.withLock { $0.append(task) }
    }

    /// Waits for every task (the engines were destroyed, so each one's commands have ended).
    func waitForAll() async {
        while let task = tasks.withLock({ $0.popLast() }) { await task.value }
    }
}
