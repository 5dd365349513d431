/// Runs a benchmark body: warm-up and calibration, then timed rounds, median per operation.
///
/// The body is a closure that performs `operationsPerCall` operations and returns a value
/// derived from their results, which goes to the ``BlackHole``. Batching many operations
/// in one call keeps the call overhead out of nanosecond-scale figures. The body receives
/// the call's index: bodies over a table start at a different row each call (see
/// ``Rotation``), so that no call is loop-invariant and none can be hoisted or merged.
struct Measurer: Sendable {
    /// Round count and duration.
    let settings: MeasureSettings

    /// Measures `body`, which performs `operationsPerCall` operations per call.
    func measure(operationsPerCall: Int = 1, _ body: (Int) throws -> Int) rethrows -> Measurement {
        let calls = try calibrate(body)
        var perOperation: [Double] = []
        perOperation.reserveCapacity(settings.rounds)
        for _ in 0..<max(1, settings.rounds) {
            let elapsed = try run(body, calls: calls)
            perOperation.append(Double(elapsed) / Double(calls * max(1, operationsPerCall)))
        }
        perOperation.sort()
        return Measurement(nanosecondsPerOperation: Self.median(perOperation), rounds: perOperation,
                           callsPerRound: calls)
    }

    /// Warms up, doubling the call count until a round lasts long enough; returns the count.
    private func calibrate(_ body: (Int) throws -> Int) rethrows -> Int {
        if let fixed = settings.fixedCalls {
            _ = try run(body, calls: max(1, fixed))  // warm-up
            return max(1, fixed)
        }
        var calls = 1
        while true {
            let elapsed = try run(body, calls: calls)
            if Double(elapsed) >= settings.roundNanoseconds || calls >= 1 << 28 {
                let scaled = Double(calls) * settings.roundNanoseconds / Double(max(elapsed, 1))
                return max(1, Int(scaled.rounded(.up)))
            }
            calls *= 2
        }
    }

    /// Makes `calls` calls of `body`; returns the elapsed nanoseconds.
    @inline(never)
    private func run(_ body: (Int) throws -> Int, calls: Int) rethrows -> UInt64 {
        var combined = 0
        let start = MonotonicClock.now()
        for call in 0..<calls {
            combined &+= try body(call)
        }
        let elapsed = MonotonicClock.now() - start
        BlackHole.consume(combined)
        return elapsed
    }

    /// The median of sorted values.
    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
