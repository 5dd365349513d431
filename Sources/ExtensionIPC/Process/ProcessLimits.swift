/// The limits a supervised child runs under.
package struct ProcessLimits: Hashable, Sendable {
    /// The most resident memory, in bytes, of the child and all its descendants together;
    /// `nil` for no cap. Default: 120 MB, Apple's share-extension limit.
    package var memoryCap: Int?
    /// The longest the child may run; `nil` for no limit.
    package var wallClock: Duration?
    /// How often resident memory and the clock are checked.
    package var pollInterval: Duration

    /// Creates limits.
    package init(memoryCap: Int? = 120_000_000, wallClock: Duration? = nil,
                pollInterval: Duration = .milliseconds(50)) {
        self.memoryCap = memoryCap
        self.wallClock = wallClock
        self.pollInterval = pollInterval
    }

    /// No memory cap, no wall-clock limit.
    package static let unlimited = ProcessLimits(memoryCap: nil, wallClock: nil)
}
