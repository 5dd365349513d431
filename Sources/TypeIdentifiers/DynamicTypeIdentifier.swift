/// The `dyn.` identifier of a dynamic type: a tag no declared type claims, wrapped so that it
/// round-trips.
///
/// The encoding is Apple's: the text `?0=<supertype>:<class>=<tag>` in UTF-8, written in
/// base 32 over the alphabet `abcdefghkmnpqrstuvwxyz0123456789`, after the prefix `dyn.a`.
/// Common supertypes and tag classes have one-character codes (`6` = `public.data`,
/// `1` = filename extension, `3` = MIME type). `%`, `:` and `=` inside a value are
/// percent-escaped.
public struct DynamicTypeIdentifier: Sendable, Hashable {
    /// The class of the wrapped tag.
    public var tagClass: UTTagClass
    /// The wrapped tag, such as `xyz` or `application/x-foo`.
    public var tag: String
    /// What the dynamic type conforms to.
    public var conformsTo: [String]

    /// Wraps a tag.
    public init(tagClass: UTTagClass, tag: String, conformsTo: [String]) {
        self.tagClass = tagClass
        self.tag = tag
        self.conformsTo = conformsTo
    }

    /// The `dyn.` identifier.
    public var identifier: String {
        var text = "?"
        for parent in conformsTo { text += "0=" + Self.code(forType: parent) + ":" }
        text += Self.code(forTagClass: tagClass) + "=" + Self.escape(tag)
        return "dyn.a" + Self.base32(Array(text.utf8))
    }

    /// Decodes a `dyn.` identifier; `nil` if it is not one Appex can read.
    public init?(identifier: String) {
        let lower = identifier.lowercased()
        guard lower.hasPrefix("dyn.a"), let bytes = Self.unbase32(lower.dropFirst(5)),
              let text = String(validating: bytes, as: UTF8.self), text.hasPrefix("?") else { return nil }
        var parents: [String] = []
        var tag: (UTTagClass, String)?
        for pair in text.dropFirst().split(separator: ":", omittingEmptySubsequences: true) {
            guard let eq = pair.firstIndex(of: "=") else { return nil }
            let key = String(pair[..<eq]), value = Self.unescape(String(pair[pair.index(after: eq)...]))
            if key == "0" {
                parents.append(Self.typeCodes[value] ?? value)
            } else if let cls = Self.tagClassCodes[key] {
                tag = (UTTagClass(rawValue: cls), value)
            } else if key.contains(".") {
                tag = (UTTagClass(rawValue: key), value)
            } else {
                return nil
            }
        }
        guard let (cls, value) = tag, !value.isEmpty else { return nil }
        self.init(tagClass: cls, tag: value, conformsTo: parents)
    }

    // MARK: - Codes

    static let typeCodes: [String: String] = [
        "6": "public.data", "7": "public.text", "8": "public.plain-text",
        "9": "public.utf16-plain-text", "A": "com.apple.traditional-mac-plain-text",
        "B": "public.image", "C": "public.video", "D": "public.audio",
        "E": "public.directory", "F": "public.folder",
    ]
    static let tagClassCodes: [String: String] = [
        "1": "public.filename-extension", "2": "com.apple.ostype", "3": "public.mime-type",
        "4": "com.apple.nspboard-type", "5": "public.url-scheme",
    ]
    private static let typeCodeByIdentifier = Dictionary(uniqueKeysWithValues: typeCodes.map { ($1, $0) })
    private static let tagClassCodeByIdentifier = Dictionary(uniqueKeysWithValues: tagClassCodes.map { ($1, $0) })

    static func code(forType identifier: String) -> String {
        typeCodeByIdentifier[identifier.lowercased()] ?? escape(identifier)
    }

    static func code(forTagClass tagClass: UTTagClass) -> String {
        tagClassCodeByIdentifier[tagClass.rawValue] ?? tagClass.rawValue
    }

    // MARK: - Escaping and base 32

    static func escape(_ value: String) -> String {
        var out = ""
        for ch in value {
            switch ch {
            case "%": out += "%25"
            case ":": out += "%3A"
            case "=": out += "%3D"
            default: out.append(ch)
            }
        }
        return out
    }

    static func unescape(_ value: String) -> String {
        guard value.contains("%") else { return value }
        return value.replacingOccurrences(of: "%3A", with: ":")
            .replacingOccurrences(of: "%3D", with: "=")
            .replacingOccurrences(of: "%25", with: "%")
    }

    private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)
    private static let reverse: [UInt8: UInt8] = {
        var map: [UInt8: UInt8] = [:]
        for (i, c) in alphabet.enumerated() { map[c] = UInt8(i) }
        return map
    }()

    static func base32(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func unbase32(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for c in text.utf8 {
            guard let v = reverse[c] else { return nil }
            buffer = (buffer << 5) | UInt32(v)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return out
    }
}
