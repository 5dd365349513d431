import Dispatch

/// Runs async work from a synchronous command and waits for it.
///
/// Commands run on the process's main thread, outside Swift concurrency's pool, so
/// blocking that thread while a detached task works is safe. Never call it from a task:
/// blocking a pool thread can starve the task it waits for (tests run such commands on a
/// thread of their own).
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.set(await body())
            done.signal()
        }
        done.wait()
        return box.take()
    }

    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        try run { () async -> Result<T, any Error> in
            do { return .success(try await body()) } catch { return .failure(error) }
        }.get()
    }
}

import Synchronization

/// One value handed from a task to the waiting thread.
final class ResultBox<T: Sendable>: Sendable {
    private let value = Mutex<T?>(nil)

    func set(_ new: T) { value.withLock { $0 = new } }

    func take() -> T {
        // The semaphore orders `set` before `take`; the value is always there.
        guard let result = value.withLock({ $0 }) else { preconditionFailure("Blocking.run read its result before it was set") }
        return result
    }
}
