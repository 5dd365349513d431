/// The lexical rules of type identifiers and tags.
///
/// Identifiers are reverse-DNS strings of A–Z, a–z, 0–9, `-`, `.` and characters above
/// U+007F; they compare case-insensitively. Apple caps nothing, Appex caps length so that
/// hostile input cannot grow tables without bound.
public enum TypeIdentifierSyntax {
    /// The longest identifier or tag accepted, in UTF-8 bytes.
    public static let maximumLength = 255

    /// Checks an identifier, throwing an error that says what is wrong with it.
    public static func validate(identifier: String) throws(TypeIdentifierError) {
        if identifier.isEmpty {
            throw TypeIdentifierError(.invalidIdentifier, "a type identifier cannot be empty")
        }
        if identifier.utf8.count > maximumLength {
            throw TypeIdentifierError(.invalidIdentifier,
                "type identifier is \(identifier.utf8.count) bytes long; the limit is \(maximumLength) (it starts \(quoted(String(identifier.prefix(32))))…)")
        }
        for (offset, scalar) in identifier.unicodeScalars.enumerated() where !isIdentifierScalar(scalar) {
            throw TypeIdentifierError(.invalidIdentifier,
                "type identifier \(quoted(identifier)) has \(describe(scalar)) at offset \(offset); allowed are A–Z a–z 0–9 '-' '.' and non-ASCII letters")
        }
        if hasEmptyComponent(identifier) {
            throw TypeIdentifierError(.invalidIdentifier,
                "type identifier \(quoted(identifier)) has an empty component; write reverse-DNS like com.example.type")
        }
    }

    /// Checks a filename extension (without its dot) or MIME type used as a tag.
    public static func validate(tag: String, kind: String) throws(TypeIdentifierError) {
        if tag.isEmpty || tag.allSatisfy(\.isWhitespace) {
            throw TypeIdentifierError(.invalidTag, "\(kind) cannot be empty")
        }
        if tag.utf8.count > maximumLength {
            throw TypeIdentifierError(.invalidTag, "\(kind) is \(tag.utf8.count) bytes long; the limit is \(maximumLength)")
        }
        if let bad = tag.unicodeScalars.first(where: { $0.value < 0x21 || $0 == "\u{7F}" }) {
            throw TypeIdentifierError(.invalidTag, "\(kind) \(quoted(tag)) contains \(describe(bad))")
        }
    }

    /// Whether the identifier starts or ends with a dot or has two in a row (a byte scan:
    /// Foundation's substring search is slow on Linux and this runs for every identifier).
    private static func hasEmptyComponent(_ identifier: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in identifier.utf8 {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return true }
            previous = byte
        }
        return previous == UInt8(ascii: ".")
    }

    /// Whether a string is a valid identifier.
    public static func isValid(identifier: String) -> Bool {
        (try? validate(identifier: identifier)) != nil
    }

    static func isIdentifierScalar(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E: return true
        case 0x80...: return s.properties.isAlphabetic || s.properties.numericType != nil
        default: return false
        }
    }

    static func describe(_ s: Unicode.Scalar) -> String {
        let hex = "U+" + String(s.value, radix: 16, uppercase: true).leftPadded(to: 4)
        if s.properties.isWhitespace || s.value < 0x20 || s.value == 0x7F { return "the character \(hex)" }
        return "'\(s)' (\(hex))"
    }

    static func quoted(_ s: String) -> String {
        let shown = s.count > 64 ? String(s.prefix(64)) + "…" : s
        return "\"" + shown.unicodeScalars.map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
