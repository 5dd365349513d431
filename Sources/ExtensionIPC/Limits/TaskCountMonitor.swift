/// Counts the tasks (processes and threads) of a process's tree against a cap.
///
/// In a sandbox the kernel holds the tree there: the child leads a PID namespace of its own
/// whose pid_max leaves room for `cap` tasks besides it, and a fork past that fails with
/// EAGAIN (appex_spawn_confined). The kernel tells no one when that happens, so
/// ``ProcessSupervisor`` counts the tree each time it reads the process table and ends a
/// child whose tree holds `cap` tasks besides its first thread: one sandboxed is then at
/// its cap, forking in vain (a fork bomb); one unsandboxed has no kernel cap and is stopped
/// at the first count past it, later and less exactly.
package struct TaskCountMonitor: Hashable, Sendable {
    /// The most tasks the tree may hold besides the child's first thread.
    package var cap: Int

    /// Creates a monitor for `cap` tasks.
    package init(cap: Int) {
        self.cap = cap
    }

    /// The tasks of `members` (each process's threads, from /proc/<pid>/stat).
    package static func tasks(of members: [Int32]) -> Int {
        members.reduce(0) { $0 + (ProcessTree.threadCount(of: $1) ?? 0) }
    }

    /// The kill reason when `tasks` (the first thread included) has reached the cap, else `nil`.
    package func check(_ tasks: Int) -> KillReason? {
        guard tasks - 1 >= cap else { return nil }
        return KillReason(code: .taskLimitExceeded,
                          message: "task limit reached (\(tasks - 1) processes and threads besides its own first, the cap is \(cap))")
    }
}
