extension ItemCoercion {
    /// The table as Markdown, one row per rule, as docs/ITEM-PROVIDERS.md prints it.
    public static var markdownTable: String {
        var lines = [
            "| requested | registered value | when the registered type conforms to | result |",
            "| --- | --- | --- | --- |",
        ]
        for (index, rule) in table.enumerated() {
            let condition: String
            switch rule.condition {
            case .always:
                let followsAnother = table[..<index].contains { $0.target == rule.target && $0.source == rule.source }
                condition = followsAnother ? "any other type" : "any type"
            case .conformsToAny(let types): condition = types.map { "`\($0)`" }.joined(separator: " or ")
            }
            lines.append("| `\(rule.target)` | \(rule.source) | \(condition) | \(rule.outcome.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ItemCoercionRule.Outcome {
    /// One line for the written table.
    public var summary: String {
        switch self {
        case .identity: "the value unchanged"
        case .readFileContents: "the file's contents; unreadable: -1000"
        case .urlString: "the URL's absolute string"
        case .urlStringBytes: "UTF-8 bytes of the URL's absolute string"
        case .parseURL: "the text, trimmed, parsed as an absolute URL; no scheme: -1100"
        case .decodeURL: "the bytes decoded as text, parsed as an absolute URL; invalid: -1100"
        case .encodeText: "the text encoded (UTF-16 with BOM for the UTF-16 types, else UTF-8)"
        case .decodeText: "the bytes decoded (UTF-16 types: UTF-16, else UTF-8); invalid: -1100"
        case .propertyList: "an XML property list; not serializable: -1100"
        case .fail(let code): "fails: \(code)"
        }
    }
}
