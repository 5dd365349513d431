import AppExtensions
import ExtensionHost
import Foundation
import Synchronization

/// Many share round trips at once in one host process: the wall time of `count` concurrent
/// `noop` runs against `count` times one run, and the host process's peak thread count
/// (from /proc/self/status) with one session and with `count`.
struct ConcurrencyBench {
    /// The installed fixture.
    let fixture: HostFixture
    /// Whether the extensions run under bubblewrap.
    let sandboxed: Bool
    /// How many sessions run at once.
    let count: Int

    /// What one measurement gave.
    struct Result: Sendable {
        var nanoseconds: UInt64
        var peakThreads: Int
        var completed: Int
    }

    /// Runs `sessions` round trips at once; the wall time, peak thread count and completions.
    func run(sessions: Int) async -> Result {
        let host = fixture.host(behavior: "noop", sandboxed: sandboxed)
        let installed = fixture.installed
        let peak = Mutex(Self.threadCount())
        let sampling = Task {
            while !Task.isCancelled {
                let now = Self.threadCount()
                peak.withLock { $0 = max($0, now) }
                try? await Task.sleep(for: .milliseconds(2))
            }
        }
        let start = MonotonicClock.now()
        let completed = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<sessions {
                group.addTask {
                    let report = await host.run(installed, items: [ExtensionItem()])
                    if case .completed = report.outcome { return true }
                    return false
                }
            }
            var completed = 0
            for await ok in group where ok { completed += 1 }
            return completed
        }
        let elapsed = MonotonicClock.now() - start
        sampling.cancel()
        _ = await sampling.value
        return Result(nanoseconds: elapsed, peakThreads: peak.withLock { $0 }, completed: completed)
    }

    /// The `Threads:` line of /proc/self/status.
    static func threadCount() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }) else { return 0 }
        return Int(line.split(separator: "\t").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    }
}
