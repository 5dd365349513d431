import Foundation

extension ItemProviderValue {
    /// The value as a natural Swift value: `String`, `URL`, `Data`, `Int`, `Double`,
    /// `Bool`, `Date`, `[any Sendable]` or `[String: any Sendable]`.
    ///
    /// This is what the untyped ``ItemProvider/loadItem(forTypeIdentifier:options:completionHandler:)``
    /// hands out, so `item as? URL` and `item as? [String: Any]` work as on Apple platforms.
    public var anyValue: any Sendable {
        switch self {
        case .string(let s): s
        case .url(let u): u
        case .data(let d): d
        case .integer(let i): i
        case .double(let d): d
        case .bool(let b): b
        case .date(let d): d
        case .array(let a): a.map(\.anyValue)
        case .dictionary(let d): d.mapValues(\.anyValue)
        }
    }

    /// Converts a dynamically typed value (a `String`, `URL`, `Data`, number, `Date`,
    /// array or string-keyed dictionary of those, or an `ItemProviderValue`).
    ///
    /// Returns `nil` for anything else, naming no partial result: a dictionary with one
    /// unconvertible entry is not convertible.
    public init?(any value: Any) {
        switch value {
        case let v as ItemProviderValue: self = v
        case let v as String: self = .string(v)
        case let v as Substring: self = .string(String(v))
        case let v as URL: self = .url(v)
        case let v as Data: self = .data(v)
        case let v as Bool: self = .bool(v)
        case let v as Int: self = .integer(v)
        case let v as Double: self = .double(v)
        case let v as Float: self = .double(Double(v))
        case let v as Date: self = .date(v)
        case let v as [Any]:
            var out: [ItemProviderValue] = []
            out.reserveCapacity(v.count)
            for element in v {
                guard let converted = ItemProviderValue(any: element) else { return nil }
                out.append(converted)
            }
            self = .array(out)
        case let v as [String: Any]:
            var out: [String: ItemProviderValue] = [:]
            for (key, element) in v {
                guard let converted = ItemProviderValue(any: element) else { return nil }
                out[key] = converted
            }
            self = .dictionary(out)
        default:
            return nil
        }
    }

    /// The value as a Foundation property-list object, for `PropertyListSerialization`.
    var propertyListObject: Any {
        switch self {
        case .string(let s): s
        case .url(let u): u.absoluteString
        case .data(let d): d
        case .integer(let i): i
        case .double(let d): d
        case .bool(let b): b
        case .date(let d): d
        case .array(let a): a.map(\.propertyListObject)
        case .dictionary(let d): d.mapValues(\.propertyListObject)
        }
    }
}

extension ItemProviderValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    public init(arrayLiteral elements: ItemProviderValue...) { self = .array(elements) }
    /// A dictionary value; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, ItemProviderValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
