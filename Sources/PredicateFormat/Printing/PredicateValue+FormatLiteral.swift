import Foundation

extension PredicateValue {
    /// Appends this value as a format-string literal: `NULL`, `TRUE`, `42`, `0.5`, `"text"`,
    /// `{1, 2}`, and dates as `CAST(<seconds since 2001>, "NSDate")` as Apple prints them.
    ///
    /// Data and dictionaries have no literal form; they print as `<0a1b>` and `{"key": value}`
    /// for reading only (the parser never produces them). Doubles print in the shortest form
    /// that reads back exactly.
    func writeFormatLiteral(to output: inout String) {
        switch self {
        case .null:
            output += "NULL"
        case .bool(let flag):
            output += flag ? "TRUE" : "FALSE"
        case .integer(let number):
            output += String(number)
        case .double(let number):
            output += number.description
        case .string(let text):
            PredicateValue.writeQuoted(text, to: &output)
        case .date(let date):
            output += "CAST("
            output += date.timeIntervalSinceReferenceDate.description
            output += ", \"NSDate\")"
        case .data(let data):
            output += "<"
            for byte in data {
                output += byte < 16 ? "0" : ""
                output += String(byte, radix: 16)
            }
            output += ">"
        case .array(let elements):
            output += "{"
            for (position, element) in elements.enumerated() {
                if position > 0 { output += ", " }
                element.writeFormatLiteral(to: &output)
            }
            output += "}"
        case .dictionary(let entries):
            output += "{"
            for (position, key) in entries.keys.sorted().enumerated() {
                if position > 0 { output += ", " }
                PredicateValue.writeQuoted(key, to: &output)
                output += ": "
                entries[key]?.writeFormatLiteral(to: &output)
            }
            output += "}"
        }
    }

    /// Appends `text` in double quotes, escaping `"`, `\`, line breaks, tabs and other controls.
    static func writeQuoted(_ text: String, to output: inout String) {
        output += "\""
        let needsEscapes = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x5C }
        guard needsEscapes else {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
