/// The written coercion table: what a typed load makes of each registered value.
///
/// Apple decides coercions from the class a completion block expects; Swift has no such
/// class, so Appex asks for a ``Target`` instead and follows these rows, first match
/// wins. Every (target, source kind) pair has a row, so every combination is either a
/// result or a documented error code. Loading "as registered" never coerces.
///
/// | requested | registered | result |
/// | --- | --- | --- |
/// | `URL` | `String` | the text parsed as a URL (-1100 if it is not one) |
/// | `Data` | file URL | the file's contents |
/// | `String` | `Data` of a text type | the decoded text (-1100 if invalid) |
///
/// The complete table is in docs/ITEM-PROVIDERS.md and in ``table``.
public enum ItemCoercion {
    /// What a typed load asks for.
    public enum Target: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A `URL`.
        case url = "URL"
        /// `Data`.
        case data = "Data"
        /// A `String`.
        case string = "String"

        public var description: String { rawValue }
    }

    /// Text-like types: their data decodes to a string and back.
    static let textTypes = ["public.text", "public.url"]
    /// Property-list types: structured values serialize to XML property lists.
    static let propertyListTypes = ["com.apple.property-list"]

    /// The rows, first match wins for a (target, source) pair.
    public static let table: [ItemCoercionRule] = [
        // URL
        .init(.url, from: .fileURL, .identity),
        .init(.url, from: .url, .identity),
        .init(.url, from: .string, .parseURL),
        .init(.url, from: .data, when: .conformsToAny(textTypes), .decodeURL),
        .init(.url, from: .data, .fail(.unavailableCoercionError)),
        .init(.url, from: .number, .fail(.unavailableCoercionError)),
        .init(.url, from: .date, .fail(.unavailableCoercionError)),
        .init(.url, from: .array, .fail(.unavailableCoercionError)),
        .init(.url, from: .dictionary, .fail(.unavailableCoercionError)),
        // Data
        .init(.data, from: .data, .identity),
        .init(.data, from: .fileURL, .readFileContents),
        .init(.data, from: .url, .urlStringBytes),
        .init(.data, from: .string, .encodeText),
        .init(.data, from: .number, when: .conformsToAny(propertyListTypes), .propertyList),
        .init(.data, from: .number, .fail(.unavailableCoercionError)),
        .init(.data, from: .date, when: .conformsToAny(propertyListTypes), .propertyList),
        .init(.data, from: .date, .fail(.unavailableCoercionError)),
        .init(.data, from: .array, when: .conformsToAny(propertyListTypes), .propertyList),
        .init(.data, from: .array, .fail(.unavailableCoercionError)),
        .init(.data, from: .dictionary, when: .conformsToAny(propertyListTypes), .propertyList),
        .init(.data, from: .dictionary, .fail(.unavailableCoercionError)),
        // String
        .init(.string, from: .string, .identity),
        .init(.string, from: .fileURL, .urlString),
        .init(.string, from: .url, .urlString),
        .init(.string, from: .data, when: .conformsToAny(textTypes), .decodeText),
        .init(.string, from: .data, .fail(.unavailableCoercionError)),
        .init(.string, from: .number, .fail(.unavailableCoercionError)),
        .init(.string, from: .date, .fail(.unavailableCoercionError)),
        .init(.string, from: .array, .fail(.unavailableCoercionError)),
        .init(.string, from: .dictionary, .fail(.unavailableCoercionError)),
    ]
}
