import Foundation
import TypeIdentifiers

extension ItemCoercion {
    /// The row that decides a load of `target` from `value` registered as `typeIdentifier`.
    public static func rule(for target: Target, from value: ItemProviderValue.Kind,
                            registeredAs typeIdentifier: String,
                            registry: TypeRegistry = .shared) -> ItemCoercionRule? {
        table.first { rule in
            guard rule.target == target, rule.source == value else { return false }
            switch rule.condition {
            case .always: return true
            case .conformsToAny(let types): return types.contains { registry.conforms(typeIdentifier, to: $0) }
            }
        }
    }

    /// Applies the table: `value`, registered as `typeIdentifier`, as `target`.
    /// - Throws: ``ItemProviderError`` with the row's code, naming the types.
    public static func coerce(_ value: ItemProviderValue, to target: Target,
                              registeredAs typeIdentifier: String,
                              registry: TypeRegistry = .shared) throws(ItemProviderError) -> ItemProviderValue {
        let kind = value.kind
        guard let rule = rule(for: target, from: kind, registeredAs: typeIdentifier, registry: registry) else {
            throw ItemProviderError(.unavailableCoercionError,
                                    "No coercion from \(kind) registered as \(typeIdentifier) to \(target)")
        }
        let unexpected = { (what: String) in
            ItemProviderError(.unexpectedValueClassError,
                              "Cannot coerce \(kind) registered as \(typeIdentifier) to \(target): \(what)")
        }
        switch (rule.outcome, value) {
        case (.identity, _):
            return value
        case (.readFileContents, .url(let url)):
            do {
                return .data(try Data(contentsOf: url))
            } catch {
                throw ItemProviderError(.itemUnavailableError,
                                        "Cannot read the file of type \(typeIdentifier) at \(url.path)",
                                        underlyingError: error)
            }
        case (.urlString, .url(let url)):
            return .string(url.absoluteString)
        case (.urlStringBytes, .url(let url)):
            return .data(Data(url.absoluteString.utf8))
        case (.parseURL, .string(let text)):
            guard let url = parseURL(text) else { throw unexpected("'\(text.prefix(80))' is not an absolute URL") }
            return .url(url)
        case (.decodeURL, .data(let data)):
            guard let text = decode(data, typeIdentifier: typeIdentifier, registry: registry) else {
                throw unexpected("\(data.count) bytes are not valid \(encodingName(typeIdentifier, registry)) text")
            }
            guard let url = parseURL(text) else { throw unexpected("'\(text.prefix(80))' is not an absolute URL") }
            return .url(url)
        case (.encodeText, .string(let text)):
            return .data(encode(text, typeIdentifier: typeIdentifier, registry: registry))
        case (.decodeText, .data(let data)):
            guard let text = decode(data, typeIdentifier: typeIdentifier, registry: registry) else {
                throw unexpected("\(data.count) bytes are not valid \(encodingName(typeIdentifier, registry)) text")
            }
            return .string(text)
        case (.propertyList, _):
            do {
                return .data(try PropertyListSerialization.data(
                    fromPropertyList: value.propertyListObject, format: .xml, options: 0))
            } catch {
                throw unexpected("not a property list (\(error.localizedDescription))")
            }
        case (.fail(let code), _):
            throw ItemProviderError(code, "No coercion from \(kind) registered as \(typeIdentifier) to \(target)")
        default:
            throw ItemProviderError(.unknownError,
                                    "Coercion table row \(rule.outcome) does not apply to \(kind) registered as \(typeIdentifier)")
        }
    }

    /// An absolute URL (with a scheme) from text, surrounding whitespace ignored.
    static func parseURL(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        return url
    }

    /// Whether the type's text is UTF-16 (the UTF-16 plain-text types) rather than UTF-8.
    static func usesUTF16(_ typeIdentifier: String, _ registry: TypeRegistry) -> Bool {
        registry.conforms(typeIdentifier, to: "public.utf16-plain-text")
            || registry.conforms(typeIdentifier, to: "public.utf16-external-plain-text")
    }

    static func encodingName(_ typeIdentifier: String, _ registry: TypeRegistry) -> String {
        usesUTF16(typeIdentifier, registry) ? "UTF-16" : "UTF-8"
    }

    static func encode(_ text: String, typeIdentifier: String, registry: TypeRegistry) -> Data {
        guard usesUTF16(typeIdentifier, registry) else { return Data(text.utf8) }
        // Little-endian with a byte order mark, which `decode` honours.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes.append(UInt8(unit & 0xFF)); bytes.append(UInt8(unit >> 8)) }
        return Data(bytes)
    }

    static func decode(_ data: Data, typeIdentifier: String, registry: TypeRegistry) -> String? {
        guard usesUTF16(typeIdentifier, registry) else { return String(validating: data, as: UTF8.self) }
        return String(data: data, encoding: .utf16)
    }
}
