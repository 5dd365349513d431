import CAppexSystem
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
        guard let text = ProcessTree.procFile("/proc/\(pid)/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The resident bytes of each of `members` that has an address space of its own.
    ///
    /// A vfork-style child (posix_spawn, a sandbox's clone) runs on its parent's memory until
    /// it execs, and /proc reports that memory as its own: the host's 600 MB, or the
    /// extension's once more. Such a member is left out: one on the host's memory is not
    /// the extension's, one on its parent's is counted with the parent. (Threads share
    /// memory too, but /proc lists no thread as a process.) Where the kernel cannot compare
    /// (no kcmp), every member counts. At most two kcmp calls a member: a fork bomb's
    /// thousands are confirmed in one pass.
    package static func distinctResidentBytes(of members: [Int32]) -> [(pid: Int32, bytes: Int)] {
        let host = getpid()
        let tree = Set(members)
        return members.compactMap { pid in
            guard pid == host || !sharesMemory(pid, host) else { return nil }
            if let parent = ProcessTree.parentOf(pid), parent != host, tree.contains(parent), sharesMemory(pid, parent) {
                return nil
            }
            return (pid, residentBytes(of: pid))
        }
    }

    /// Whether `first` and `second` run on one address space; `false` when unknown.
    static func sharesMemory(_ first: Int32, _ second: Int32) -> Bool {
        var same: Int32 = 0
        return appex_same_memory(first, second, &same) == 0 && same == 1
    }

    /// The most resident bytes Swift's backtracer may use while it reports a crash (1 GB),
    /// outside the process's own cap (``ProcessSupervisor``).
    package static let crashReporterCap = 1_000_000_000

    /// The backtracer's path in the toolchain, inside a sandbox as outside.
    static let crashReporterPath = SandboxProfile.swiftBacktracerDirectory + "/swift-backtrace"

    /// Whether `pid` runs Swift's backtracer: by its name, then by its executable.
    static func isCrashReporter(_ pid: Int32) -> Bool {
        guard ProcessTree.commandName(of: pid) == "swift-backtrace" else { return false }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == crashReporterPath
    }

    /// The kill reason when the backtracer's `bytes` pass ``crashReporterCap``, else `nil`.
    static func checkCrashReporter(_ bytes: Int) -> KillReason? {
        guard bytes > crashReporterCap else { return nil }
        return KillReason(code: .memoryLimitExceeded,
                          message: "memory limit exceeded by its crash report (swift-backtrace: \(bytes / 1_000_000) MB > \(crashReporterCap / 1_000_000) MB)")
    }

    /// The kill reason when `bytes` is over the cap, else `nil`; `largest` (the member
    /// holding the most, with its command name) is named in the message.
    package func check(_ bytes: Int, largest: (pid: Int32, bytes: Int)? = nil) -> KillReason? {
        guard bytes > cap else { return nil }
        let holder = largest.map { member in
            let parent = ProcessTree.parentOf(member.pid).map { ", child of \($0)" } ?? ""
            return "; the most, \(member.bytes / 1_000_000) MB, in process \(member.pid) (\(ProcessTree.commandName(of: member.pid) ?? "gone")\(parent))"
        } ?? ""
        return KillReason(code: .memoryLimitExceeded,
                          message: "memory limit exceeded (\(bytes / 1_000_000) MB > \(cap / 1_000_000) MB\(holder))")
    }
}
