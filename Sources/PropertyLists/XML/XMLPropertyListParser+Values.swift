import Foundation

/// The scalar elements: `<string>`, `<integer>`, `<real>`, `<true/>`, `<false/>`, `<date>`, `<data>`.
extension XMLPropertyListParser {
    /// Reads the scalar element whose start tag was just read at `start`; `closing` names
    /// its end tag when that differs from the kind read (a `<key>` read as a string).
    mutating func readScalar(_ tag: StartTag, closing: String? = nil, at start: Int) throws(PropertyListError) -> PropertyListNode.Value {
        let name = tag.name
        let contentStart = index
        let isData = name == "data"
        let limit = isData ? max(limits.maxDataLength, limits.maxDataLength / 3 * 4 + 4) * 2 + 4096
                           : limits.maxStringLength
        let text = tag.isEmpty ? [] : try readText(of: closing ?? name, openedAt: start, limit: limit,
                                                   tooLong: isData ? .dataTooLong : .stringTooLong)
        switch name {
        case "string":
            guard let string = String(validating: text, as: UTF8.self) else {
                throw error(.malformedXML, "invalid UTF-8 in <string>", at: start)
            }
            return .string(string)
        case "true", "false":
            guard text.allSatisfy(Self.isWhitespace) else {
                throw error(.invalidValue, "<\(name)> must be empty, as in <\(name)/>; found "
                            + "'\(excerpt(text))'", at: contentStart)
            }
            return .boolean(name == "true")
        case "integer":
            return try integer(from: text, at: tag.isEmpty ? start : contentStart)
        case "real":
            return .real(try real(from: text, at: tag.isEmpty ? start : contentStart))
        case "date":
            guard let date = PropertyListDate.parse(text) else {
                throw error(.invalidValue, "invalid date '\(excerpt(text))'; expected ISO 8601 in UTC such as "
                            + "2024-01-31T12:00:00Z", at: tag.isEmpty ? start : contentStart)
            }
            return .date(date)
        default:
            // CoreFoundation refuses the empty-element form ("Encountered empty <data>"),
            // though it reads <data></data>: a file using it does not read on iOS.
            guard !tag.isEmpty else {
                throw error(.invalidValue, "an empty <data/> element, which CoreFoundation refuses; write <data></data>", at: start)
            }
            return .data(try data(from: text, at: start, contentStart: contentStart))
        }
    }

    /// Decimal or `0x` hexadecimal digits, as CoreFoundation reads them: `S*(-|+)?S*digits`
    /// with whitespace before the sign and between it and the digits, none after. From
    /// `Int64.min` to `UInt64.max` (above `Int64.max` the value is ``PropertyListNode/Value/unsignedInteger(_:)``).
    private mutating func integer(from text: [UInt8], at offset: Int) throws(PropertyListError) -> PropertyListNode.Value {
        var digits = text[...].drop(while: Self.isWhitespace)
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst().drop(while: Self.isWhitespace) }
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
           digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty else {
            throw error(.invalidValue, text.allSatisfy(Self.isWhitespace) ? "empty <integer>" : "incomplete integer '\(excerpt(text))'",
                        at: offset)
        }
        var magnitude: UInt64 = 0
        var overflow = false
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default:
                throw error(.invalidValue, "invalid integer '\(excerpt(text))'; expected decimal digits with an "
                            + "optional sign, or 0x and hexadecimal digits, with nothing after them", at: offset)
            }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        guard !overflow, !negative || magnitude <= UInt64(Int64.max) + 1 else {
            throw error(.invalidValue, "integer '\(excerpt(text))' is out of range; property-list integers go "
                        + "from \(Int64.min) to \(UInt64.max)", at: offset)
        }
        if negative { return .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
    }

    /// A decimal number as CoreFoundation reads `<real>`: `nan`, `inf`, `+inf`, `-inf`,
    /// `infinity`, `+infinity` or `-infinity` in any case, else whitespace, an optional sign,
    /// digits with an optional point, an optional exponent, and nothing after. No
    /// hexadecimal (which `strtod` would take), no whitespace after the sign or the number.
    private mutating func real(from text: [UInt8], at offset: Int) throws(PropertyListError) -> Double {
        let lowered = String(decoding: text, as: UTF8.self).lowercased()
        switch lowered {
        case "nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        var rest = text[...].drop(while: Self.isWhitespace)
        let body = rest
        if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        var fraction = ArraySlice<UInt8>()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction.count)
        }
        var valid = !whole.isEmpty || !fraction.isEmpty
        if valid, rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit)
            rest = rest.dropFirst(exponent.count)
            valid = !exponent.isEmpty
        }
        guard valid, rest.isEmpty, let value = Double(String(decoding: body, as: UTF8.self)) else {
            throw error(.invalidValue, text.isEmpty ? "empty <real>" : "invalid real number '\(excerpt(text))'",
                        at: offset)
        }
        return value
    }

    /// Base64 with whitespace; any other character is an error at its own position.
    private mutating func data(from text: [UInt8], at start: Int, contentStart: Int) throws(PropertyListError) -> Data {
        switch Base64.decode(text, limit: limits.maxDataLength) {
        case .success(let data):
            return data
        case .failure(.tooLong):
            throw error(.dataTooLong, "<data> longer than \(limits.maxDataLength) bytes (the limit)", at: start)
        case .failure(.incomplete):
            throw error(.invalidValue, "invalid base64 in <data>: it ends with a lone character", at: contentStart)
        case .failure(.unpadded(let characters, let bytes)):
            throw error(.invalidValue, "invalid base64 in <data>: its last group has \(characters) characters and is not padded to 4 "
                        + "with '='; CoreFoundation drops such a group, so on iOS the data ends \(bytes) byte\(bytes == 1 ? "" : "s") sooner",
                        at: contentStart)
        case .failure(.invalidCharacter(let offset, let byte)):
            // The text maps to the file byte for byte unless references or CDATA were decoded.
            let verbatim = contentStart + offset < bytes.count && bytes[contentStart + offset] == byte
                && !bytes[contentStart..<(contentStart + offset)].contains(UInt8(ascii: "&"))
                && !bytes[contentStart..<(contentStart + offset)].contains(UInt8(ascii: "<"))
            let character = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
            throw error(.invalidValue, "invalid base64 in <data>: unexpected \(character)",
                        at: verbatim ? contentStart + offset : contentStart)
        }
    }

    /// The first 40 characters of `text`, for messages.
    func excerpt(_ text: [UInt8]) -> String {
        let string = String(decoding: text.prefix(160), as: UTF8.self)
        return string.count > 40 ? String(string.prefix(40)) + "..." : string
    }
}
