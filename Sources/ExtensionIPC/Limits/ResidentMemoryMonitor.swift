import Foundation
import Glibc

/// Measures the resident memory of a process and its descendants against a cap.
///
/// Appex cannot use RLIMIT_AS (a Foundation program needs 96 MiB of address space just to
/// load) and has no delegated memory cgroup, so it does what jetsam does: it watches
/// resident memory. ``ChildProcess`` samples it every ``ProcessLimits/pollInterval`` and
/// kills the child's process group once the sum passes the cap.
package struct ResidentMemoryMonitor: Hashable, Sendable {
    /// The most resident bytes the tree may use.
    package var cap: Int

    /// Creates a monitor for `cap` bytes.
    package init(cap: Int) {
        self.cap = cap
    }

    /// The resident bytes of `pid` and its live descendants, from /proc/<pid>/statm.
    package static func residentBytes(ofTree pid: Int32) -> Int {
        ProcessTree.members(of: pid).reduce(0) { $0 + residentBytes(of: $1) }
    }

    /// The resident bytes of one process; 0 when it is gone.
    package static func residentBytes(of pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The kill reason when `bytes` is over the cap, else `nil`.
    package func check(_ bytes: Int) -> KillReason? {
        guard bytes > cap else { return nil }
        return KillReason(code: .memoryLimitExceeded,
                          message: "memory limit exceeded (\(bytes / 1_000_000) MB > \(cap / 1_000_000) MB)")
    }
}
