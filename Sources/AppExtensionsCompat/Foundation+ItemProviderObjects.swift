import Foundation

// NSString, NSURL and NSAttributedString as item-provider objects (iOS 11): read and written
// as values, through the coercion table of docs/ITEM-PROVIDERS.md.

extension NSString: NSItemProviderReading, NSItemProviderWriting, ItemProviderValueObject {
    /// Text of any kind, and URLs (as their absolute string): `public.utf8-plain-text`,
    /// `public.utf16-external-plain-text`, `public.utf16-plain-text`, `public.plain-text`,
    /// `public.text` (so also HTML and RTF, as their markup), `public.url`.
    public static var readableTypeIdentifiersForItemProvider: [String] {
        ["public.utf8-plain-text", "public.utf16-external-plain-text", "public.utf16-plain-text",
         "public.plain-text", "public.text", "public.url"]
    }

    /// The bytes decoded as text: UTF-16 for the UTF-16 types, else UTF-8.
    /// - Throws: ``ItemProviderError`` -1100 when they are not valid text.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard case .string(let text) = try ItemCoercion.coerce(.data(data), to: .string, registeredAs: typeIdentifier) else {
            throw ItemProviderError(.unexpectedValueClassError, "The bytes of \(typeIdentifier) are not text")
        }
        return self.init(string: text)
    }

    /// `public.utf8-plain-text`.
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.utf8-plain-text"] }

    /// The text as UTF-8 (UTF-16 with a byte order mark for a UTF-16 type).
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        ItemProviderObjects.answer(.string(self as String), typeIdentifier, completionHandler)
    }

    static var coercionTarget: ItemCoercion.Target { .string }
    static func object(coercedValue: ItemProviderValue) -> Self? {
        guard case .string(let text) = coercedValue else { return nil }
        return self.init(string: text)
    }
    var itemProviderValue: ItemProviderValue { .string(self as String) }
}

extension NSURL: NSItemProviderReading, NSItemProviderWriting, ItemProviderValueObject {
    /// `public.url` and `public.file-url` (text that is a URL is `NSString`'s).
    public static var readableTypeIdentifiersForItemProvider: [String] { ["public.url", "public.file-url"] }

    /// The bytes decoded as text and parsed as an absolute URL.
    /// - Throws: ``ItemProviderError`` -1100 when they are not one.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard case .url(let url) = try ItemCoercion.coerce(.data(data), to: .url, registeredAs: "public.url"),
              let object = url as NSURL as? Self else {
            throw ItemProviderError(.unexpectedValueClassError, "The bytes of \(typeIdentifier) are not a URL")
        }
        return object
    }

    /// `public.url`.
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }

    /// `public.file-url` then `public.url` for a file URL, `public.url` for any other.
    public var writableTypeIdentifiersForItemProvider: [String] {
        isFileURL ? ["public.file-url", "public.url"] : ["public.url"]
    }

    /// The URL's absolute string as UTF-8.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        ItemProviderObjects.answer(.string((self as URL).absoluteString), typeIdentifier, completionHandler)
    }

    static var coercionTarget: ItemCoercion.Target { .url }
    static func object(coercedValue: ItemProviderValue) -> Self? {
        guard case .url(let url) = coercedValue else { return nil }
        return url as NSURL as? Self
    }
    var itemProviderValue: ItemProviderValue { .url(self as URL) }
}

extension NSAttributedString: NSItemProviderReading, NSItemProviderWriting, ItemProviderValueObject {
    /// Text, as `NSString` reads it (not `public.url`); the result has no attributes.
    /// Apple's rich-text types (`public.rtf`, `com.apple.flat-rtfd`, …) are read as their
    /// markup: Foundation on Linux cannot parse them.
    public static var readableTypeIdentifiersForItemProvider: [String] {
        ["public.utf8-plain-text", "public.utf16-external-plain-text", "public.utf16-plain-text",
         "public.plain-text", "public.text"]
    }

    /// The bytes decoded as text, without attributes.
    /// - Throws: ``ItemProviderError`` -1100 when they are not valid text.
    public static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Self {
        guard case .string(let text) = try ItemCoercion.coerce(.data(data), to: .string, registeredAs: typeIdentifier),
              let object = NSAttributedString(string: text) as? Self else {
            throw ItemProviderError(.unexpectedValueClassError, "The bytes of \(typeIdentifier) are not text")
        }
        return object
    }

    /// `public.utf8-plain-text`: the text without its attributes (Apple also writes rich
    /// text, which Foundation on Linux cannot produce).
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.utf8-plain-text"] }

    /// The text as UTF-8.
    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        ItemProviderObjects.answer(.string(string), typeIdentifier, completionHandler)
    }

    static var coercionTarget: ItemCoercion.Target { .string }
    static func object(coercedValue: ItemProviderValue) -> Self? {
        guard case .string(let text) = coercedValue else { return nil }
        return NSAttributedString(string: text) as? Self
    }
    var itemProviderValue: ItemProviderValue { .string(string) }
}

/// What the Foundation conformances share.
enum ItemProviderObjects {
    /// Answers `completionHandler` with `value`'s bytes for `typeIdentifier` (the coercion
    /// table's `Data` rows), on the caller's thread.
    static func answer(_ value: ItemProviderValue, _ typeIdentifier: String,
                       _ completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        do {
            guard case .data(let data) = try ItemCoercion.coerce(value, to: .data, registeredAs: typeIdentifier) else {
                throw ItemProviderError(.unknownError, "Coercion to Data of type \(typeIdentifier) did not give Data")
            }
            completionHandler(data, nil)
        } catch {
            completionHandler(nil, error)
        }
        return nil
    }
}
