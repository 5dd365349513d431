import Foundation

/// Prints the host suite's results, and adds them to the run's JSON.
enum HostReport {
    /// The two tables (round trip against the floor; hand-off against copying) and the notes.
    static func render(_ results: HostResults) -> String {
        var out = "Extension host: share round trip against the spawn floor (goal ≤ 1.3x)\n\n"
        var trips = TextTable(headers: ["mode", "floor", "spread", "round trip", "spread", "/ floor", "goal",
                                        "no attachment", "spread", "/ floor"], leftAligned: [0, 6])
        for trip in results.roundTrips {
            trips.append([trip.mode, Formatting.duration(trip.floor.nanoseconds), Formatting.percent(trip.floor.spread),
                          Formatting.duration(trip.roundTrip.nanoseconds), Formatting.percent(trip.roundTrip.spread),
                          Formatting.ratio(trip.ratio), trip.ratio <= 1.3 ? "met" : "missed",
                          Formatting.duration(trip.bareRoundTrip.nanoseconds), Formatting.percent(trip.bareRoundTrip.spread),
                          Formatting.ratio(trip.bareRatio)])
        }
        out += trips.render() + "\n"
        if let first = results.roundTrips.first {
            out += "round trip: one share item with a text attachment the extension does not load; "
                + "no attachment: an empty item; medians of \(first.floor.rounds) rounds\n"
        }

        out += "\nExtension host: the launch check of a sealed extension (goal: ≤ 5 % added to the round trip)\n\n"
        var seals = TextTable(headers: ["mode", "unsealed", "spread", "sealed", "spread", "sealed / unsealed", "check alone",
                                        "check / round trip", "goal"], leftAligned: [0, 8])
        for row in results.sealChecks {
            seals.append([row.mode, Formatting.duration(row.unsealed.nanoseconds), Formatting.percent(row.unsealed.spread),
                          Formatting.duration(row.sealed.nanoseconds), Formatting.percent(row.sealed.spread), Formatting.ratio(row.ratio),
                          Formatting.duration(row.check.nanoseconds), Formatting.percent(row.checkShare),
                          row.ratio <= 1.05 ? "met" : "missed"])
        }
        out += seals.render() + "\n"

        out += "\nExtension host: the disk limit's cost, runs with it against the same without (goal: ≤ 5 % added to the round trip)\n\n"
        var disks = TextTable(headers: ["mode", "round trip", "with limit", "ratio", "goal", "1,000 writes", "with limit", "ratio",
                                        "per write"], leftAligned: [0, 4])
        for row in results.diskWatch {
            disks.append([row.mode, Formatting.duration(row.roundTrip.nanoseconds), Formatting.duration(row.limitedRoundTrip.nanoseconds),
                          Formatting.ratio(row.roundTripRatio), row.roundTripRatio <= 1.05 ? "met" : "missed",
                          Formatting.duration(row.writes.nanoseconds), Formatting.duration(row.limitedWrites.nanoseconds),
                          Formatting.ratio(row.writesRatio), Formatting.duration(row.perWrite)])
        }
        out += disks.render() + "\n"
        out += "1,000 writes: a run that writes 1,000 blocks of 4 KiB into its data container; per write: the difference / 1,000\n"

        out += "\nExtension host: ending a run that has begun (goal ≤ 5 ms)\n\n"
        var control = TextTable(headers: ["mode", "end() → reaped", "spread", "goal", "cancel → run over", "spread", "goal"],
                                leftAligned: [0, 3, 6])
        for row in results.control {
            control.append([row.mode, Formatting.duration(row.end.nanoseconds), Formatting.percent(row.end.spread),
                            row.end.nanoseconds <= 5e6 ? "met" : "missed",
                            Formatting.duration(row.cancellation.nanoseconds), Formatting.percent(row.cancellation.spread),
                            row.cancellation.nanoseconds <= 5e6 ? "met" : "missed"])
        }
        out += control.render() + "\n"

        out += "\nExtension host: sessions at once in one host process (goal: threads do not grow with sessions)\n\n"
        var many = TextTable(headers: ["mode", "sessions", "all at once", "one × n", "ratio", "threads (1)", "threads (n)",
                                       "completed", "goal"], leftAligned: [0, 8])
        for row in results.concurrency {
            many.append([row.mode, "\(row.sessions)", Formatting.duration(row.concurrentNanoseconds),
                         Formatting.duration(row.serialNanoseconds), Formatting.ratio(row.ratio),
                         "\(row.peakThreadsOneSession)", "\(row.peakThreads)", "\(row.completed)/\(row.sessions)",
                         row.peakThreads <= row.peakThreadsOneSession + 2 ? "met" : "missed"])
        }
        out += many.render() + "\n"

        out += "\nExtension host: one compose-sheet keystroke (edit → isContentValid → new state), against a channel ping (goal: p99 < 2 ms, median ≤ 3x the ping)\n\n"
        var keys = TextTable(headers: ["mode", "edits", "median", "p99", "ping median", "ping p99", "median / ping", "goal"],
                             leftAligned: [0, 7])
        for row in results.keystrokes {
            let ratio = row.median / row.pingMedian
            keys.append([row.mode, "\(row.edits)", Formatting.duration(row.median), Formatting.duration(row.p99),
                         Formatting.duration(row.pingMedian), Formatting.duration(row.pingP99), Formatting.ratio(ratio),
                         row.p99 < 2e6 && ratio <= 3 ? "met" : "missed"])
        }
        out += keys.render() + "\n"

        if let statm = results.statm, let scan = results.scan {
            out += "\nSupervision on the loop: statm read \(Formatting.duration(statm.nanoseconds)) per process per 50 ms round; "
                + "process table scan \(Formatting.duration(scan.nanoseconds)) (\(results.processCount) processes) every tenth round, once for all children\n"
        }

        let mode = results.handOffSandboxed ? "bubblewrap" : "no sandbox"
        out += "\nExtension host: file hand-off (descriptor, peek 16 bytes) against FileManager.copyItem (\(mode))\n\n"
        var files = TextTable(headers: ["file", "hand-off", "spread", "copyItem", "spread", "hand-off / copy",
                                        "vs smallest hand-off"])
        if let noFile = results.handOffNoFile {
            files.append(["no file (noop)", Formatting.duration(noFile.nanoseconds), Formatting.percent(noFile.spread)])
        }
        for handOff in results.handOffs {
            files.append([handOff.label, Formatting.duration(handOff.handOff.nanoseconds),
                          Formatting.percent(handOff.handOff.spread), Formatting.duration(handOff.copy.nanoseconds),
                          Formatting.percent(handOff.copy.spread), Formatting.ratio(handOff.versusCopy),
                          Formatting.ratio(handOff.versusSmallest)])
        }
        out += files.render() + "\n"
        if let largest = results.handOffs.last, let smallest = results.handOffs.first {
            let independent = largest.versusSmallest <= 1.3
            out += "hand-off \(largest.label) / \(smallest.label): \(Formatting.ratio(largest.versusSmallest)) "
                + "(goal: independent of size) \(independent ? "met" : "missed")\n"
        }
        for note in results.notes { out += "note: \(note)\n" }
        return out
    }

    /// The run's JSON with a `host` member added.
    static func json(_ base: BenchReportJSON, host: HostResults?) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(Combined(base: base, host: host)) else { return base.text() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The base report's members and `host`, in one object.
    private struct Combined: Encodable {
        let base: BenchReportJSON
        let host: HostResults?

        enum Keys: String, CodingKey { case host }

        func encode(to encoder: any Encoder) throws {
            try base.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(host, forKey: .host)
        }
    }
}
