import Dispatch
import Synchronization

/// Runs async work to its end from synchronous code (the benchmark runs on the main
/// thread, outside Swift's cooperative pool, so blocking it while the work runs is safe).
enum Blocking {
    /// The value `body` produces, after waiting for it (`nil` only if the task ended
    /// without storing one, which it cannot).
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }
}
