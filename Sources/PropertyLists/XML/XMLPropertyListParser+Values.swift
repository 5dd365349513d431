import Foundation

/// The scalar elements: `<string>`, `<integer>`, `<real>`, `<true/>`, `<false/>`, `<date>`, `<data>`.
extension XMLPropertyListParser {
    /// Reads the scalar element whose start tag was just read at `start`.
    mutating func readScalar(_ tag: StartTag, at start: Int) throws(PropertyListError) -> PropertyListNode.Value {
        let name = tag.name
        let contentStart = index
        let isData = name == "data"
        let limit = isData ? max(limits.maxDataLength, limits.maxDataLength / 3 * 4 + 4) * 2 + 4096
                           : limits.maxStringLength
        let text = tag.isEmpty ? [] : try readText(of: name, openedAt: start, limit: limit,
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
            return .integer(try integer(from: text, at: tag.isEmpty ? start : contentStart))
        case "real":
            return .real(try real(from: text, at: tag.isEmpty ? start : contentStart))
        case "date":
            guard let date = PropertyListDate.parse(text) else {
                throw error(.invalidValue, "invalid date '\(excerpt(text))'; expected ISO 8601 in UTC such as "
                            + "2024-01-31T12:00:00Z", at: tag.isEmpty ? start : contentStart)
            }
            return .date(date)
        default:
            return .data(try data(from: text, at: start, contentStart: contentStart))
        }
    }

    /// Decimal with an optional sign, or `0x` hexadecimal, as CoreFoundation reads them.
    private mutating func integer(from text: [UInt8], at offset: Int) throws(PropertyListError) -> Int64 {
        var digits = text[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        var radix: UInt64 = 10
        if digits.count > 2, digits.first == UInt8(ascii: "0"),
           digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty else {
            throw error(.invalidValue, text.isEmpty ? "empty <integer>" : "invalid integer '\(excerpt(text))'",
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
                            + "optional sign, or 0x and hexadecimal digits", at: offset)
            }
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !overflow, magnitude <= limit else {
            throw error(.invalidValue, "integer '\(excerpt(text))' is out of range; property-list integers are "
                        + "signed 64-bit (\(Int64.min) to \(Int64.max))", at: offset)
        }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }

    /// A decimal or hexadecimal floating-point number, or `nan`, `inf`, `infinity` with an
    /// optional sign in any case.
    private mutating func real(from text: [UInt8], at offset: Int) throws(PropertyListError) -> Double {
        let string = String(decoding: text, as: UTF8.self)
        guard let first = string.unicodeScalars.first, !Self.isWhitespace(UInt8(truncatingIfNeeded: first.value)),
              let last = string.unicodeScalars.last, !Self.isWhitespace(UInt8(truncatingIfNeeded: last.value)),
              let value = Double(string) else {
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
