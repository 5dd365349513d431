import Foundation

extension ItemProvider {
    /// The first registered representation in one line, for a person reading a run's
    /// result: a text as is, a web URL, "a file of N bytes", "N bytes"; `nil` with no
    /// types; the error in words when it cannot be loaded.
    public func firstValueSummary() async -> String? {
        guard let type = registeredTypeIdentifiers.first else { return nil }
        do {
            switch try await loadValue(forTypeIdentifier: type) {
            case .string(let text): return text
            case .url(let url) where url.isFileURL:
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
                return "a file of \(size.map(String.init) ?? "?") bytes"
            case .url(let url): return url.absoluteString
            case .data(let data): return "\(data.count) bytes"
            case let other: return Self.summary(of: other)
            }
        } catch {
            return "(cannot load: \(error))"
        }
    }

    /// A value as one line: dictionaries as `{key: value, …}` in key order, lists as
    /// `[…]`, strings quoted, dates in ISO 8601, bytes counted.
    static func summary(of value: ItemProviderValue) -> String {
        switch value {
        case .string(let text): return "\"\(text)\""
        case .url(let url): return url.absoluteString
        case .data(let data): return "\(data.count) bytes"
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return date.ISO8601Format()
        case .array(let values): return "[" + values.map(summary(of:)).joined(separator: ", ") + "]"
        case .dictionary(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \(summary(of: $0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
