import Foundation

/// One registered representation: a type identifier and the handler that produces it.
struct Representation: Sendable {
    var typeIdentifier: String
    var visibility: ItemProvider.RepresentationVisibility
    var source: Source

    enum Source: Sendable {
        /// `registerItem` / `init(item:typeIdentifier:)`: a value.
        case item(ItemProvider.LoadHandler)
        /// `registerDataRepresentation`: bytes.
        case data(ItemProvider.DataLoadHandler)
        /// `registerFileRepresentation`: a file. `handsOver` means the handler's file is a
        /// temporary copy the provider owns (delete, do not copy).
        case file(ItemProvider.FileLoadHandler, openInPlace: Bool, handsOver: Bool)
    }

    /// Whether this is a file representation.
    var isFile: Bool {
        if case .file = source { return true }
        return false
    }

    /// Whether this is a file representation registered for opening in place.
    var opensInPlace: Bool {
        if case .file(_, let inPlace, _) = source { return inPlace }
        return false
    }
}

/// What a handler answered, before any coercion.
enum Fetched: Sendable {
    case value(ItemProviderValue)
    case data(Data)
    /// A file; `handedOver` means the file is a temporary the load now owns.
    case file(URL, coordinated: Bool, handedOver: Bool, inPlace: Bool)

    /// The answer as a value: bytes as `.data`, files as their URL.
    var value: ItemProviderValue {
        switch self {
        case .value(let v): v
        case .data(let d): .data(d)
        case .file(let url, _, _, _): .url(url)
        }
    }
}
