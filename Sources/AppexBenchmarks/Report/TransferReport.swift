import Foundation

/// Prints the transfers suite's results.
enum TransferReport {
    /// The table (each direction against curl) and the service's peak memory.
    static func render(_ results: TransferResults) -> String {
        let size = ByteCountFormatter.string(fromByteCount: Int64(results.bytes), countStyle: .binary)
        var out = "Background transfers: \(size) over loopback HTTP against curl (goal ≥ 0.8x curl's throughput)\n\n"
        var table = TextTable(headers: ["transfer", "baseline", "time", "MB/s", "service", "MB/s", "throughput / baseline", "goal"],
                              leftAligned: [0, 1, 7])
        for row in [results.upload, results.download, results.downloadUnsynced] {
            table.append([row.name, row.baseline, Formatting.duration(row.curl), rate(results.bytes, row.curl),
                          Formatting.duration(row.service), rate(results.bytes, row.service),
                          Formatting.ratio(row.ratio), row.judged ? (row.ratio >= 0.8 ? "met" : "missed") : "-"])
        }
        out += table.render() + "\n"
        let rss = Double(results.servicePeakRSS) / 1e6
        out += "medians of \(results.rounds) rounds, interleaved; the service's time runs from resume() to the delegate's completion\n"
        out += "the service fsyncs a download before delivering it; `sync FILE` does the same after curl\n"
        out += String(format: "service peak RSS (VmHWM): %.1f MB (goal < 50 MB: %@)\n", rss, rss < 50 ? "met" : "missed")
        return out
    }

    private static func rate(_ bytes: Int, _ nanoseconds: Double) -> String {
        nanoseconds > 0 ? String(format: "%.0f", Double(bytes) / 1e6 / (nanoseconds / 1e9)) : "-"
    }
}
