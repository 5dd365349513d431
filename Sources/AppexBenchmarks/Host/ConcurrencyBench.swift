import AppExtensions
import ExtensionHost
import Foundation

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
        // The thread count is read as each run ends, when the others are still live: no
        // sampling timer of its own.
        var peak = Self.threadCount()
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
            for await ok in group {
                peak = max(peak, Self.threadCount())
                if ok { completed += 1 }
            }
            return completed
        }
        let elapsed = MonotonicClock.now() - start
        return Result(nanoseconds: elapsed, peakThreads: peak, completed: completed)
    }

    /// The `Threads:` line of /proc/self/status.
    static func threadCount() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }) else { return 0 }
        return Int(line.split(separator: "\t").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
    }
}
