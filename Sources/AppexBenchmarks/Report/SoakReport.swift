import Foundation

/// Prints the kill -9 soak's results.
enum SoakReport {
    static func render(_ results: SoakResults) -> String {
        var out = "Transfer soak: \(results.transfers.count) transfers, the service killed with SIGKILL \(results.kills) times, "
            + String(format: "%.0f s\n\n", results.seconds)
        var table = TextTable(headers: ["transfer", "MB", "events", "status", "exact", "whole bodies", "cut bodies", "error"],
                              leftAligned: [0, 7])
        for transfer in results.transfers {
            table.append([transfer.kind, String(format: "%.1f", Double(transfer.bytes) / 1e6), "\(transfer.events)",
                          transfer.status.map(String.init) ?? "-", transfer.exact ? "yes" : "NO",
                          transfer.kind == "upload" ? "\(transfer.wholeBodies)" : "-", transfer.kind == "upload" ? "\(transfer.cutBodies)" : "-",
                          transfer.error ?? ""])
        }
        out += table.render() + "\n"
        out += "downloads: \(results.downloadRequests) requests, \(results.rangedDownloads) of them continuing a partial file (Range)\n"
        out += "events heard by an opening after every transfer had ended: \(results.lateEvents)\n"
        out += results.passed ? "PASSED: every transfer ended exactly once with exact bytes\n"
            : "FAILED: a transfer did not end exactly once with exact bytes, or an event came twice\n"
        return out
    }
}
