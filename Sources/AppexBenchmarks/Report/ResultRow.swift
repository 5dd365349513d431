/// One line of a report: a benchmark's name and its cost, optionally against a baseline.
struct ResultRow: Sendable, Encodable {
    /// A row for `measurement`, compared with `baseline` when given.
    init(name: String, _ measurement: Measurement, against baseline: (name: String, measurement: Measurement)? = nil,
         note: String) {
        self.name = name
        self.nanoseconds = measurement.nanosecondsPerOperation
        self.spread = measurement.spread
        self.baseline = baseline?.name
        self.ratio = baseline.map { measurement.nanosecondsPerOperation / $0.measurement.nanosecondsPerOperation }
        self.note = note
    }

    /// A row for a benchmark that could not run, saying why.
    init(skipped name: String, reason: String) {
        self.name = name
        self.nanoseconds = 0
        self.spread = 0
        self.baseline = nil
        self.ratio = nil
        self.note = "skipped: \(reason)"
    }

    /// What was measured.
    let name: String
    /// Median nanoseconds per operation.
    let nanoseconds: Double
    /// (slowest − fastest round) / median: how noisy the measurement was.
    let spread: Double
    /// The name of the same-run baseline this row is compared with, if any.
    let baseline: String?
    /// `nanoseconds / baseline nanoseconds`: how many times slower than the baseline.
    let ratio: Double?
    /// A short remark (operation count, correctness check).
    let note: String
}
