/// The limits a supervised child runs under.
public struct ProcessLimits: Hashable, Sendable {
    /// The most resident memory, in bytes, of the child and all its descendants together;
    /// `nil` for no cap. Default: 120 MB, Apple's share-extension limit.
    public var memoryCap: Int?
    /// The longest the child may run; `nil` for no limit.
    public var wallClock: Duration?
    /// How often resident memory and the clock are checked.
    public var pollInterval: Duration

    /// Creates limits.
    public init(memoryCap: Int? = 120_000_000, wallClock: Duration? = nil,
                pollInterval: Duration = .milliseconds(50)) {
        self.memoryCap = memoryCap
        self.wallClock = wallClock
        self.pollInterval = pollInterval
    }

    /// No memory cap, no wall-clock limit.
    public static let unlimited = ProcessLimits(memoryCap: nil, wallClock: nil)
}
