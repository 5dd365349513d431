import Foundation
import Synchronization

/// The threads of the host process that fork children: a few, started on first use, that
/// live as long as the process and do nothing else.
///
/// A child must be forked from a thread that never exits. bubblewrap's `--die-with-parent`
/// is `PR_SET_PDEATHSIG`, which fires when the *thread* that forked bubblewrap exits, not
/// the process: forked from a thread of Swift's cooperative pool, which the pool retires
/// when idle, a sandboxed extension was killed (SIGKILL) while its user was still typing
/// in its sheet. The event loop's thread never exits either, but a fork and exec there
/// took up to 170 ms on a loaded machine, during which no session's I/O moved. One thread
/// alone made 64 launches at once wait for each other; ``threadCount`` threads take the
/// launches from one queue.
package final class SpawnThread: Sendable {
    private typealias Job = @Sendable () -> Void

    private let jobs = Mutex<[Job]>([])
    private let ready = DispatchSemaphore(value: 0)

    /// How many launches may fork at once.
    package static let threadCount = 4

    /// The process's spawn threads, started on first use.
    package static let shared = SpawnThread()

    private init() {
        for index in 0..<Self.threadCount {
            let thread = Thread { [self] in
                while true {
                    ready.wait()
                    // One signal per job: this thread takes one.
                    let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    job?()
                }
            }
            thread.name = "appex-spawn-\(index)"
            thread.start()
        }
    }

    /// Runs `body` on a spawn thread and returns its result.
    package func run<T: Sendable, Failure: Error>(_ body: @escaping @Sendable () throws(Failure) -> T) async throws(Failure) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
            jobs.withLock { $0.append { continuation.resume(returning: Result { () throws(Failure) in try body() }) } }
            ready.signal()
        }
        return try result.get()
    }
}
