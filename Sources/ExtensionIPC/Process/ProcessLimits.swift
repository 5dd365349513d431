/// The limits a supervised child runs under.
///
/// Memory and tasks are watched by the host (``ProcessSupervisor``), as jetsam watches an
/// iOS extension; in a sandbox the kernel also holds the child to ``descriptorCap``
/// (RLIMIT_NOFILE) and ``taskCap`` (its own PID namespace's pid_max); the kernel and the
/// host together hold it to ``diskLimit``, sandboxed or not.
package struct ProcessLimits: Hashable, Sendable {
    /// The most resident memory, in bytes, of the child and all its descendants together;
    /// `nil` for no cap. Default: 120 MB, Apple's share-extension limit.
    package var memoryCap: Int?
    /// The longest the child may run; `nil` for no limit.
    package var wallClock: Duration?
    /// How often resident memory and the clock are checked.
    package var pollInterval: Duration
    /// The most descriptors each of the child's processes may hold open, in a sandbox
    /// (RLIMIT_NOFILE, soft and hard); `nil` (the default): the host's own limit.
    package var descriptorCap: Int?
    /// The most tasks (processes and threads) the child's descendants and its own threads
    /// but the first may add up to; `nil` (the default): no cap. In a sandbox the child
    /// leads a PID namespace of its own whose pid_max holds it there (a fork past it fails
    /// with EAGAIN); in every case the supervisor ends a child whose tree reaches more than
    /// this (`task-limit-exceeded`).
    package var taskCap: Int?
    /// The most the child may hold on the disk (``DiskLimit``); `nil` (the default): no
    /// limit. The kernel makes each call that may grow a file wait for the host's answer
    /// (``DiskWatch``), and no single file may grow past the cap (RLIMIT_FSIZE).
    package var diskLimit: DiskLimit?

    /// Creates limits.
    package init(memoryCap: Int? = 120_000_000, wallClock: Duration? = nil,
                pollInterval: Duration = .milliseconds(50), descriptorCap: Int? = nil, taskCap: Int? = nil,
                diskLimit: DiskLimit? = nil) {
        self.memoryCap = memoryCap
        self.wallClock = wallClock
        self.pollInterval = pollInterval
        self.descriptorCap = descriptorCap
        self.taskCap = taskCap
        self.diskLimit = diskLimit
    }

    /// No memory cap, no wall-clock limit.
    package static let unlimited = ProcessLimits(memoryCap: nil, wallClock: nil)
}
