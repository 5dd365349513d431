extension DictionaryActivationRule {
    /// The rule in one short line, for the registry to keep and read back a thousand times
    /// a share (docs/REGISTRY.md, "What a share reads"): `key=value` pairs joined by `;`, in
    /// a fixed order — `v` (version), `strict`, `min`, `max`, `text` (0 or 1), then each
    /// kind's raw value (`image=3`, `web-url=1`). A rule with ignored keys has no line form
    /// (their text is free); `nil` then, and the registry keeps its JSON.
    ///
    /// Hand-written rather than Codable: `JSONDecoder` takes about 11 µs per rule, which at
    /// a thousand rules is a fifth of a share's whole budget; this takes well under one.
    public var line: String? {
        guard ignored.isEmpty else { return nil }
        var parts: [String] = []
        if let version { parts.append("v=\(version)") }
        if let usesStrictMatching { parts.append("strict=\(usesStrictMatching ? 1 : 0)") }
        if let attachmentsMinimum { parts.append("min=\(attachmentsMinimum)") }
        if let attachmentsMaximum { parts.append("max=\(attachmentsMaximum)") }
        if let supportsText { parts.append("text=\(supportsText ? 1 : 0)") }
        for kind in AttachmentKind.allCases {
            if let count = maximumCounts[kind] { parts.append("\(kind.rawValue)=\(count)") }
        }
        return parts.joined(separator: ";")
    }

    /// The rule a ``line`` gives back, or `nil` when `line` is not one.
    public init?(line: String) {
        self.init()
        for part in line.split(separator: ";") {
            guard let equals = part.firstIndex(of: "="), let value = Int(part[part.index(after: equals)...]) else { return nil }
            switch part[..<equals] {
            case "v": version = value
            case "strict": usesStrictMatching = value != 0
            case "min": attachmentsMinimum = value
            case "max": attachmentsMaximum = value
            case "text": supportsText = value != 0
            case let name:
                guard let kind = AttachmentKind(rawValue: String(name)), kind != .text else { return nil }
                maximumCounts[kind] = value
            }
        }
    }
}
