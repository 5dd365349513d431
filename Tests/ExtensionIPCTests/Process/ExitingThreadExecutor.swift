import Foundation
import Synchronization

/// A task executor on a thread of its own that exits when asked: what a thread of Swift's
/// cooperative pool does when the pool retires it.
final class ExitingThreadExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<(queue: [UnownedJob], stopping: Bool)>(([], false))
    private let ready = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            while true {
                ready.wait()
                let (queue, stopping) = jobs.withLock { state in
                    defer { state.queue = [] }
                    return (state.queue, state.stopping)
                }
                for job in queue { job.runSynchronously(on: asUnownedTaskExecutor()) }
                if stopping { break }
            }
            exited.signal()
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.queue.append(job) }
        ready.signal()
    }

    /// Lets the thread run what it has, then exit; returns once it is about to (a thread
    /// of the test's, not the event loop's, waits for that).
    func exitThread() async {
        jobs.withLock { $0.stopping = true }
        ready.signal()
        await withCheckedContinuation { continuation in
            Thread { [exited] in
                exited.wait()
                continuation.resume()
            }.start()
        }
    }
}
