import Foundation
import SystemSupport

/// One message between an extension and its page: a JSON value, as text.
public struct WebInterfaceMessage: Hashable, Sendable {
    /// The most bytes of JSON one message may carry.
    public static let maxBytes = 8 << 20

    /// The message as JSON text.
    public var json: String

    /// A message whose JSON text is `json` (not checked; the host checks what it relays).
    public init(json: String) {
        self.json = json
    }

    /// `value` encoded as JSON.
    public init(_ value: some Encodable) throws {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            throw WebInterfaceError(.notJSON, "\(type(of: value)) cannot be encoded as JSON: \(error)")
        }
        json = String(decoding: data, as: UTF8.self)
    }

    /// Checks what a relay (the host, a test harness) must: the text is JSON and within
    /// ``maxBytes``; the error names `source` and what it is not.
    public func check(from source: String) throws(WebInterfaceError) {
        let bytes = json.utf8.count
        guard bytes <= Self.maxBytes else {
            throw WebInterfaceError(.tooLarge, "\(source) is \(bytes) bytes, over the limit of \(Self.maxBytes)")
        }
        guard (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) != nil else {
            throw WebInterfaceError(.notJSON, "\(source) is not JSON: \(json.prefix(60).debugDescription)")
        }
    }

    /// The message decoded as `type`; the error names what did not fit.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(json.utf8))
        } catch {
            throw WebInterfaceError(.notJSON, "the page's message is not a \(T.self): \(error)")
        }
    }
}

