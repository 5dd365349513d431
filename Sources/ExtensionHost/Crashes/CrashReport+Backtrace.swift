import Foundation

extension CrashReport {
    /// The most bytes of backtracer output read: the extension could write anything into
    /// its crash folder, so the host never reads more than this.
    static let maxReportSize = 4 << 20

    /// The backtracer's JSON (`SWIFT_BACKTRACE=format=json`) as a report; `nil` when the
    /// data is not such a report.
    init?(backtrace data: Data, identifier: String, extensionIdentifier: String, signal: String, path: String) {
        guard data.count <= Self.maxReportSize,
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              root["kind"] as? String == "crashReport" else { return nil }
        let threads = root["threads"] as? [[String: Any]] ?? []
        let crashed = threads.first { $0["crashed"] as? Bool == true } ?? threads.first
        let frames: [Frame] = (crashed?["frames"] as? [[String: Any]] ?? []).compactMap { frame in
            guard frame["kind"] as? String != "truncated" else { return nil }
            let description = frame["description"] as? String ?? frame["address"] as? String ?? "?"
            var location: String?
            if let source = frame["sourceLocation"] as? [String: Any], let file = source["file"] as? String {
                location = "\(file):\(source["line"] as? Int ?? 0):\(source["column"] as? Int ?? 0)"
            }
            return Frame(description: description, image: frame["image"] as? String, sourceLocation: location)
        }
        let date = (root["timestamp"] as? String).flatMap { ISO8601DateFormatter.withFractions.date(from: $0) } ?? Date()
        self.init(identifier: identifier, extensionIdentifier: extensionIdentifier, date: date, signal: signal,
                  reason: root["description"] as? String ?? "crashed", thread: crashed?["name"] as? String,
                  frames: frames, path: path)
    }
}

extension ISO8601DateFormatter {
    /// `2026-11-25T11:55:46.348997Z`, as the backtracer writes it.
    nonisolated(unsafe) static let withFractions: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
