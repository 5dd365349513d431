import Foundation

/// Renders `--json` output: sorted keys, pretty-printed, no escaped slashes, so that output
/// is stable for snapshots and scripts.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
