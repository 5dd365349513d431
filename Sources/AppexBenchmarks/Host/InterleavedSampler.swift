/// Times slow operations (milliseconds to seconds) side by side: every round runs each
/// operation in turn, starting with a different one each round, so a change in machine
/// load hits all of them alike. Reports the median round per operation.
struct InterleavedSampler {
    /// One operation to time.
    struct Variant {
        /// What is measured.
        let name: String
        /// The timed work; returns whether it gave the expected result.
        let body: () async throws -> Bool
        /// Untimed clean-up after each call (deleting a copy, for example).
        var cleanup: () -> Void = {}
        /// Work that times itself (only part of it counts): nanoseconds and success.
        var timed: (() async throws -> (UInt64, Bool))?

        /// A variant timed as a whole.
        init(name: String, body: @escaping () async throws -> Bool, cleanup: @escaping () -> Void = {}) {
            self.name = name
            self.body = body
            self.cleanup = cleanup
        }

        /// A variant that measures the part that counts itself.
        init(name: String, timed: @escaping () async throws -> (UInt64, Bool)) {
            self.name = name
            body = { true }
            self.timed = timed
        }
    }

    /// The timing of one variant.
    struct Sample {
        /// The variant's name.
        let name: String
        /// Median per call over the rounds.
        let measurement: Measurement
        /// Calls that threw or gave an unexpected result.
        let failures: Int
        /// The first error, if a call threw.
        let firstError: String?
    }

    /// Round count and target round length (a variant runs as many calls per round as fit
    /// in it, at least one).
    let settings: MeasureSettings

    /// Runs one warm-up round that also calibrates, then the timed rounds.
    func run(_ variants: [Variant]) async -> [Sample] {
        var failures = Array(repeating: 0, count: variants.count)
        var errors: [String?] = Array(repeating: nil, count: variants.count)
        func call(_ index: Int) async -> UInt64 {
            let start = MonotonicClock.now()
            var ok = false
            var elapsed: UInt64 = 0
            do {
                if let timed = variants[index].timed {
                    (elapsed, ok) = try await timed()
                } else {
                    ok = try await variants[index].body()
                    elapsed = MonotonicClock.now() - start
                }
            } catch {
                if errors[index] == nil { errors[index] = "\(error)" }
                elapsed = MonotonicClock.now() - start
            }
            variants[index].cleanup()
            if !ok { failures[index] += 1 }
            return elapsed
        }
        var calls: [Int] = []
        for index in variants.indices {
            let warmUp = Double(max(await call(index), 1))
            calls.append(settings.fixedCalls.map { max(1, $0) } ?? max(1, Int((settings.roundNanoseconds / warmUp).rounded(.down))))
        }
        var perCall = Array(repeating: [Double](), count: variants.count)
        for round in 0..<max(1, settings.rounds) {
            for offset in variants.indices {
                let index = (round + offset) % variants.count
                var total: UInt64 = 0
                for _ in 0..<calls[index] { total += await call(index) }
                perCall[index].append(Double(total) / Double(calls[index]))
            }
        }
        return variants.indices.map { index in
            let sorted = perCall[index].sorted()
            return Sample(name: variants[index].name,
                          measurement: Measurement(nanosecondsPerOperation: Measurer.median(sorted), rounds: sorted,
                                                   callsPerRound: calls[index]),
                          failures: failures[index], firstError: errors[index])
        }
    }
}
