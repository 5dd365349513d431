/// What the transfers suite measured, for the report and `--json`.
struct TransferResults: Sendable, Encodable {
    /// Seconds per transfer, each round's, in order.
    struct Samples: Sendable, Encodable {
        var curlUpload: [Double] = []
        var serviceUpload: [Double] = []
        var curlDownload: [Double] = []
        /// curl's download and then `sync FILE` (fsync): the service's promise, a file on disk.
        var curlDownloadSynced: [Double] = []
        var serviceDownload: [Double] = []
    }

    /// One direction: the median of each side and their ratio.
    struct Direction: Sendable, Encodable {
        /// `upload` or `download`.
        let name: String
        /// What the baseline ran.
        let baseline: String
        /// The baseline's median, nanoseconds.
        let curl: Double
        /// The service's median, from `resume()` to the delegate's completion, nanoseconds.
        let service: Double
        /// The service's throughput over the baseline's (baseline / service); the goal is at least 0.8.
        let ratio: Double
        /// Whether the goal applies to this row (it does not to the download without fsync).
        let judged: Bool
    }

    /// The size of each transfer.
    let bytes: Int
    /// Rounds of each.
    let rounds: Int
    /// Every round's time.
    let samples: Samples
    /// The service process's peak resident set over the run, bytes; the goal is under 50 MB.
    let servicePeakRSS: Int

    var upload: Direction { Self.direction("upload", "curl -T", samples.curlUpload, samples.serviceUpload) }
    /// The download against curl doing the same: writing the file and putting it on disk
    /// before saying it is done, as the service does before it delivers the file.
    var download: Direction { Self.direction("download", "curl -o, sync", samples.curlDownloadSynced, samples.serviceDownload) }
    /// The download against curl leaving the file in the page cache (no goal).
    var downloadUnsynced: Direction {
        Self.direction("download", "curl -o", samples.curlDownload, samples.serviceDownload, judged: false)
    }

    private static func direction(_ name: String, _ baseline: String, _ curl: [Double], _ service: [Double], judged: Bool = true) -> Direction {
        let (c, s) = (median(curl), median(service))
        return Direction(name: name, baseline: baseline, curl: c, service: s, ratio: s > 0 ? c / s : 0, judged: judged)
    }

    private static func median(_ values: [Double]) -> Double { Measurer.median(values.sorted()) }

    enum CodingKeys: String, CodingKey {
        case bytes, rounds, samples, servicePeakRSS, upload, download, downloadUnsynced
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(samples, forKey: .samples)
        try container.encode(servicePeakRSS, forKey: .servicePeakRSS)
        try container.encode(upload, forKey: .upload)
        try container.encode(download, forKey: .download)
        try container.encode(downloadUnsynced, forKey: .downloadUnsynced)
    }
}
