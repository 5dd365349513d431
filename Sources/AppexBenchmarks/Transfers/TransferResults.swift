/// What the transfers suite measured, for the report and `--json`.
struct TransferResults: Sendable, Encodable {
    /// Seconds per transfer, each round's, in order.
    struct Samples: Sendable, Encodable {
        var curlUpload: [Double] = []
        var serviceUpload: [Double] = []
        var curlDownload: [Double] = []
        var serviceDownload: [Double] = []
    }

    /// One direction: the median of each side and their ratio.
    struct Direction: Sendable, Encodable {
        /// `upload` or `download`.
        let name: String
        /// curl's median, nanoseconds (the baseline).
        let curl: Double
        /// The service's median, from `resume()` to the delegate's completion, nanoseconds.
        let service: Double
        /// The service's throughput over curl's (curl / service); the goal is at least 0.8.
        let ratio: Double
    }

    /// The size of each transfer.
    let bytes: Int
    /// Rounds of each.
    let rounds: Int
    /// Every round's time.
    let samples: Samples
    /// The service process's peak resident set over the run, bytes; the goal is under 50 MB.
    let servicePeakRSS: Int

    var upload: Direction { Self.direction("upload", samples.curlUpload, samples.serviceUpload) }
    var download: Direction { Self.direction("download", samples.curlDownload, samples.serviceDownload) }

    private static func direction(_ name: String, _ curl: [Double], _ service: [Double]) -> Direction {
        let (c, s) = (median(curl), median(service))
        return Direction(name: name, curl: c, service: s, ratio: s > 0 ? c / s : 0)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    enum CodingKeys: String, CodingKey {
        case bytes, rounds, samples, servicePeakRSS, upload, download
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(samples, forKey: .samples)
        try container.encode(servicePeakRSS, forKey: .servicePeakRSS)
        try container.encode(upload, forKey: .upload)
        try container.encode(download, forKey: .download)
    }
}
