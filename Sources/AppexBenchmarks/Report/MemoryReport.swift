import Foundation

/// Prints the memory suite's results.
enum MemoryReport {
    /// The table: each build's linking, size on disk and peak resident size against the first.
    static func render(_ results: MemoryResults) -> String {
        var out = "An extension's memory (SaveToNotes started with no host): peak resident size by build\n\n"
        var table = TextTable(headers: ["build", "Swift runtime", "NotesKit", "peak resident", "ratio", "on disk"], leftAligned: [0, 1, 2])
        for row in results.rows {
            let disk = megabytes(row.executableBytes) + (row.frameworkBytes.map { " + \(megabytes($0)) library" } ?? "")
            table.append([row.label, row.runtime, row.notesKit, String(format: "%.1f MB", Double(row.peakKilobytes) / 1000),
                          Formatting.ratio(row.ratio), disk])
        }
        out += table.render() + "\n"
        out += "medians of \(results.rounds) starts per build, taken in turn; peak resident is /usr/bin/time's %M (ru_maxrss)\n"
        return out
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }
}
