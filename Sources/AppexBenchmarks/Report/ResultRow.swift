/// One line of a report: a benchmark's name and its cost, optionally against a baseline.
struct ResultRow: Sendable, Encodable {
    /// What was measured.
    let name: String
    /// Median nanoseconds per operation.
    let nanoseconds: Double
    /// The name of the same-run baseline this row is compared with, if any.
    let baseline: String?
    /// `nanoseconds / baseline nanoseconds`: how many times slower than the baseline.
    let ratio: Double?
    /// A short remark (operation count, correctness check).
    let note: String
}
