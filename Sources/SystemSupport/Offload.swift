import Dispatch
import Foundation

/// Runs work off the caller's thread on a thread that is always available.
///
/// `DispatchQueue.global()` has as many threads as cores (two here) and adds more only
/// slowly when they block; a host whose global threads are all blocked (a provider
/// handler waiting on a semaphore, a test waiting for a process) would delay every load
/// and every `beginRequest` behind them, until the loads' own timeouts fire. A new serial
/// queue targets Dispatch's overcommitting root queue, which starts a thread whenever
/// none is free. Load handlers, timeouts, deliveries and requests all start this way.
public enum Offload {
    /// Runs `work` now, on a thread of Dispatch's overcommitting pool.
    public static func run(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "appex.offload").async(execute: work)
    }

    /// Runs `work` after `seconds`, on a thread of Dispatch's overcommitting pool.
    public static func run(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "appex.offload.timer").asyncAfter(deadline: .now() + seconds, execute: work)
    }
}

extension Offload {
    /// Runs blocking `work` (file copies, a database write) on a thread of the
    /// overcommitting pool and suspends the caller until it is done, so the blocking
    /// never holds one of Swift concurrency's few shared threads.
    ///
    /// With `queue`, the work waits its turn there instead of taking a thread of its own:
    /// for short reads that wait on nothing else (a bundle's Info.plist, a launch seal's
    /// check), which every launch makes, and which on a thread each made a host's thread
    /// count grow with its sessions (docs/BENCHMARKS.md, "sessions at once").
    public static func perform<T: Sendable, E: Error>(on queue: DispatchQueue? = nil,
                                                      _ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
            let resume: @Sendable () -> Void = {
                do throws(E) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            if let queue { queue.async(execute: resume) } else { run(resume) }
        }
        return try result.get()
    }
}
