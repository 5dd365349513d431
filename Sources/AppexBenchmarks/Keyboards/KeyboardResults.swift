/// The keyboard suite's figures: microseconds from a key sent to its commit seen, per key.
struct KeyboardResults: Encodable {
    let keys: Int
    /// The keyboard's sandbox.
    let mode: String
    /// IBus's simple engine (the baseline).
    let simpleEngine: [Int]
    /// The fixture keyboard through Appex's engine.
    let appex: [Int]

    /// The `p`-th percentile (0–100) of `micros`.
    static func percentile(_ micros: [Int], _ p: Int) -> Int {
        let sorted = micros.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, sorted.count * p / 100)]
    }

    var p99Met: Bool { Self.percentile(appex, 99) <= 5_000 }
}

enum KeyboardReport {
    static func render(_ results: KeyboardResults) -> String {
        var out = "Custom keyboards: keystroke to commit through ibus-daemon, \(results.keys) keys each (the keyboard: the fixture, \(results.mode))\n\n"
        var table = TextTable(headers: ["engine", "p50", "p99", "max", "p50 ratio", "p99 ratio", "goal"], leftAligned: [0, 6])
        let base50 = Double(max(1, KeyboardResults.percentile(results.simpleEngine, 50)))
        let base99 = Double(max(1, KeyboardResults.percentile(results.simpleEngine, 99)))
        func row(_ name: String, _ micros: [Int], goal: String) -> [String] {
            let p50 = KeyboardResults.percentile(micros, 50), p99 = KeyboardResults.percentile(micros, 99)
            return [name, Formatting.duration(Double(p50) * 1_000), Formatting.duration(Double(p99) * 1_000),
                    Formatting.duration(Double(KeyboardResults.percentile(micros, 100)) * 1_000),
                    Formatting.ratio(Double(p50) / base50), Formatting.ratio(Double(p99) / base99), goal]
        }
        table.append(row("IBus simple engine, compose é (baseline)", results.simpleEngine, goal: "-"))
        table.append(row("Appex: a custom keyboard in its sandbox", results.appex,
                         goal: results.p99Met ? "met (p99 ≤ 5 ms)" : "missed (p99 > 5 ms)"))
        out += table.render() + "\n"
        out += "timed in the app (IBus's Python bindings) from sending the key to seeing its commit-text signal\n"
        return out
    }
}
