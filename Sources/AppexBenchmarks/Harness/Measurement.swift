/// The timing of one benchmark: the median cost of one operation over several rounds.
struct Measurement: Sendable {
    /// Median nanoseconds per operation.
    let nanosecondsPerOperation: Double
    /// Nanoseconds per operation in every round, fastest first.
    let rounds: [Double]
    /// Calls made per round; each call performs `operationsPerCall` operations.
    let callsPerRound: Int

    /// The spread of the rounds, (slowest − fastest) / median, as a noise indicator.
    var spread: Double {
        guard let first = rounds.first, let last = rounds.last, nanosecondsPerOperation > 0 else { return 0 }
        return (last - first) / nanosecondsPerOperation
    }
}
