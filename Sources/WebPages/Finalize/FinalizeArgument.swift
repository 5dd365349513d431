import AppExtensions
import Foundation

/// The argument an action extension returns for `finalize`: the dictionary under
/// `NSExtensionJavaScriptFinalizeArgumentKey` in a `com.apple.property-list` attachment of
/// a returned item.
public enum FinalizeArgument {
    /// Apple's key (`NSExtensionJavaScriptFinalizeArgumentKey`).
    public static let key = ExtensionItem.javaScriptFinalizeArgumentKey

    /// The first finalize argument among `items`' attachments, or `nil`.
    public static func find(in items: [ExtensionItem]) async -> [String: ItemProviderValue]? {
        for item in items {
            for provider in item.attachments ?? [] where provider.registeredTypeIdentifiers.contains(WebPageItems.propertyListType) {
                if case .dictionary(let dictionary)? = try? await provider.loadValue(forTypeIdentifier: WebPageItems.propertyListType),
                   case .dictionary(let argument)? = dictionary[key] {
                    return argument
                }
            }
        }
        return nil
    }

    /// `value` as a JavaScript expression: strings and keys as JSON, dates as `Date`s,
    /// bytes as a `Uint8Array`, URLs as their text.
    static func javaScript(_ value: ItemProviderValue) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .url(let url): return quoted(url.absoluteString)
        case .integer(let number): return String(number)
        case .double(let number): return number.isFinite ? "\(number)" : (number.isNaN ? "NaN" : (number > 0 ? "Infinity" : "-Infinity"))
        case .bool(let flag): return flag ? "true" : "false"
        case .date(let date): return "new Date(\(date.timeIntervalSince1970 * 1000))"
        case .data(let bytes): return "Uint8Array.from(atob(\(quoted(bytes.base64EncodedString()))), (c) => c.charCodeAt(0))"
        case .array(let values): return "[" + values.map(javaScript).joined(separator: ",") + "]"
        case .dictionary(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + javaScript($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string literal (also a JavaScript one).
    private static func quoted(_ text: String) -> String {
        (try? String(decoding: JSONEncoder().encode(text), as: UTF8.self)) ?? "\"\""
    }
}
