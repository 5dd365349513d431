/// How long and how often each benchmark runs.
struct MeasureSettings: Sendable {
    /// Timed rounds after the warm-up; the median round is reported.
    var rounds: Int = 7
    /// The target duration of one round, in nanoseconds; the call count is calibrated to it.
    var roundNanoseconds: Double = 20_000_000
    /// When set, every round makes exactly this many calls (no calibration).
    var fixedCalls: Int?
}
