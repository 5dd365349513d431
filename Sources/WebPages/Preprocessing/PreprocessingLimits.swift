/// The limits a preprocessing file runs under in the page (docs/WEB-PAGES.md).
public struct PreprocessingLimits: Sendable, Hashable {
    /// How long `run` has to call `completionFunction` (and `finalize` to return).
    /// Default: 10 s.
    public var time: Duration
    /// The largest results, as JSON, in bytes. Default: 16 MiB.
    public var resultBytes: Int

    /// Limits.
    public init(time: Duration = .seconds(10), resultBytes: Int = 16 << 20) {
        self.time = time
        self.resultBytes = resultBytes
    }

    /// Whole milliseconds of ``time``, at least 1.
    var milliseconds: Int {
        let (seconds, attoseconds) = time.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
