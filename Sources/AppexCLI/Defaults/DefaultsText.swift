import Foundation
import PropertyLists

/// A property list in the old-style (OpenStep) text `defaults read` prints on macOS:
/// `{ key = value; }`, `( a, b )`, strings quoted when they need it, data as `{length = …}`
/// hex, dates as `"2026-11-25 18:00:00 +0000"`.
enum DefaultsText {
    static func render(_ node: PropertyListNode, indent: String = "") -> String {
        let inner = indent + "    "
        switch node.value {
        case .string(let text): return quoted(text)
        case .integer(let number): return String(number)
        case .unsignedInteger(let number): return String(number)
        case .uid(let uid): return "<CFKeyedArchiverUID>{value = \(uid)}"
        case .real(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .boolean(let flag): return flag ? "1" : "0"
        case .date(let date): return "\"\(dateFormatter.string(from: date))\""
        case .data(let data): return "{length = \(data.count), bytes = 0x\(data.map { String(format: "%02x", $0) }.joined())}"
        case .array(let items):
            guard !items.isEmpty else { return "(\n\(indent))" }
            return "(\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent))"
        case .dictionary(let dictionary):
            let entries = dictionary.entries.sorted { $0.key < $1.key }
            guard !entries.isEmpty else { return "{\n\(indent)}" }
            return "{\n" + entries.map { "\(inner)\(quoted($0.key)) = \(render($0.node, indent: inner));" }.joined(separator: "\n") + "\n\(indent)}"
        }
    }

    /// `text` bare when it is letters, digits and `._-/` only, else quoted with escapes.
    static func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._/".unicodeScalars.contains($0) }
        guard !bare else { return text }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }

    static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter
    }()
}

/// A property list as JSON: dates as ISO 8601 strings, data as base64.
struct DefaultsJSONValue: Encodable {
    let node: PropertyListNode

    init(_ node: PropertyListNode) {
        self.node = node
    }

    func encode(to encoder: any Encoder) throws {
        switch node.value {
        case .dictionary(let dictionary):
            var container = encoder.container(keyedBy: Key.self)
            for entry in dictionary.entries { try container.encode(DefaultsJSONValue(entry.node), forKey: Key(entry.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(DefaultsJSONValue(item)) }
        default:
            var container = encoder.singleValueContainer()
            switch node.value {
            case .string(let text): try container.encode(text)
            case .integer(let number): try container.encode(number)
            case .unsignedInteger(let number): try container.encode(number)
            case .uid(let uid): try container.encode(["CF$UID": uid])
            case .real(let number): try container.encode(number)
            case .boolean(let flag): try container.encode(flag)
            case .date(let date): try container.encode(ISO8601DateFormatter().string(from: date))
            case .data(let data): try container.encode(data.base64EncodedString())
            case .array, .dictionary: break
            }
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
