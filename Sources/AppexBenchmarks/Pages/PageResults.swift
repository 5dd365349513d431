import Foundation

/// What the pages suite measured, for the report and `--json`.
struct PageResults: Sendable, Encodable {
    /// Each round's time, nanoseconds, in order.
    struct Samples: Sendable, Encodable {
        /// `chromium --headless --dump-dom URL`: start, load, print, exit.
        var chromium: [Double] = []
        /// `appex share --page URL --to …`: start to exit, the whole share.
        var share: [Double] = []
        /// The share's preprocessing phase, as its report says.
        var preprocessing: [Double] = []
        /// The share's extension run (launch to the end of its process), as its report says.
        var extensionRun: [Double] = []
    }

    let rounds: Int
    let samples: Samples

    /// The median share over the median Chromium alone; the goal is at most 1.5.
    var ratio: Double { Self.median(samples.share) / Self.median(samples.chromium) }

    static func median(_ values: [Double]) -> Double { Measurer.median(values.sorted()) }

    /// The preprocessing and extension-run milliseconds of one `--json` report, as nanoseconds.
    static func phases(_ json: String) throws -> (preprocessing: Double, run: Double) {
        guard let report = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let page = report["page"] as? [String: Any], let preprocessing = page["preprocessing"] as? [String: Any],
              preprocessing["status"] as? String == "delivered", let preprocessed = preprocessing["milliseconds"] as? Int,
              let run = report["run"] as? [String: Any], run["outcome"] as? String == "completed", let ran = run["milliseconds"] as? Int
        else { throw HostBenchError("the share did not deliver results and complete: \(json.prefix(600))") }
        return (Double(preprocessed) * 1e6, Double(ran) * 1e6)
    }
}
