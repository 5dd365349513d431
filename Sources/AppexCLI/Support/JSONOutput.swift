import Foundation

/// Renders `--json` output: sorted keys, pretty-printed, no escaped slashes, so that output
/// is stable for snapshots and scripts.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return collapsingEmptyContainers(String(decoding: data, as: UTF8.self))
    }

    /// `[]` and `{}` for empty containers, where the encoder prints an empty line between
    /// the brackets. A newline inside a string is escaped, so only layout is touched.
    static func collapsingEmptyContainers(_ text: String) -> String {
        text.replacing(/\[\n *\n *\]/, with: "[]").replacing(/\{\n *\n *\}/, with: "{}")
    }
}
