import Foundation

/// A value an item provider hands out: the transportable subset of what `NSSecureCoding`
/// objects carry in practice (strings, URLs, data, numbers, dates, arrays and
/// property-list dictionaries).
///
/// Registrations store values in this form so that a provider can later be forwarded to
/// another process unchanged. ``ItemProvider/loadItem(forTypeIdentifier:options:completionHandler:)``
/// hands them out as natural Swift values (``anyValue``), so that iOS code such as
/// `item as? URL` reads the same.
///
/// ```swift
/// let value: ItemProviderValue = ["title": "Swift", "count": 3]
/// value.anyValue as? [String: Any]   // ["title": "Swift", "count": 3]
/// ```
public enum ItemProviderValue: Hashable, Sendable, Codable {
    /// Text.
    case string(String)
    /// A URL, either a file URL or any other scheme.
    case url(URL)
    /// Bytes.
    case data(Data)
    /// A whole number.
    case integer(Int)
    /// A floating-point number.
    case double(Double)
    /// A Boolean.
    case bool(Bool)
    /// A point in time.
    case date(Date)
    /// An ordered list of values.
    case array([ItemProviderValue])
    /// A property-list dictionary with string keys.
    case dictionary([String: ItemProviderValue])

    /// The kind of this value, as the coercion table names it.
    public var kind: Kind {
        switch self {
        case .string: .string
        case .url(let url): url.isFileURL ? .fileURL : .url
        case .data: .data
        case .integer, .double, .bool: .number
        case .date: .date
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The kinds of values the coercion table distinguishes.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A `file:` URL.
        case fileURL = "file URL"
        /// A URL with any other scheme.
        case url = "URL"
        /// Bytes.
        case data = "Data"
        /// Text.
        case string = "String"
        /// An integer, floating-point number or Boolean.
        case number = "number"
        /// A date.
        case date = "Date"
        /// An array.
        case array = "array"
        /// A dictionary.
        case dictionary = "dictionary"

        public var description: String { rawValue }
    }
}
