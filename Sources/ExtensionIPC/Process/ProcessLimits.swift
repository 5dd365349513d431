/// The limits a supervised child runs under.
///
/// Memory is watched by the host (``ProcessSupervisor``), as jetsam watches an iOS
/// extension; in a sandbox the kernel also holds the child to ``descriptorCap``
/// (RLIMIT_NOFILE).
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

    /// Creates limits.
    package init(memoryCap: Int? = 120_000_000, wallClock: Duration? = nil,
                pollInterval: Duration = .milliseconds(50), descriptorCap: Int? = nil) {
        self.memoryCap = memoryCap
        self.wallClock = wallClock
        self.pollInterval = pollInterval
        self.descriptorCap = descriptorCap
    }

    /// No memory cap, no wall-clock limit.
    package static let unlimited = ProcessLimits(memoryCap: nil, wallClock: nil)
}
