import Foundation

extension PropertyListNode {
    /// This tree as an XML property list in Apple's layout: the XML declaration, the
    /// DOCTYPE, `<plist version="1.0">`, tab indentation, `&amp;` `&lt;` `&gt;` escapes,
    /// base64 data in indented lines, dates in UTC to the second. Foundation and
    /// ``PropertyListDocument/parse(_:fileName:limits:)`` read it back equal (dates to the
    /// second). Duplicate dictionary keys are written as they are.
    public func xmlData() -> Data {
        var writer = XMLPropertyListWriter()
        writer.output += """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        writer.write(self, indent: 0)
        writer.output += "</plist>\n"
        return Data(writer.output.utf8)
    }
}

/// Appends the XML form of nodes to a string.
struct XMLPropertyListWriter {
    var output = ""

    mutating func write(_ node: PropertyListNode, indent: Int) {
        let tabs = String(repeating: "\t", count: indent)
        switch node.value {
        case .string(let string):
            output += "\(tabs)<string>\(Self.escaped(string))</string>\n"
        case .integer(let integer):
            output += "\(tabs)<integer>\(integer)</integer>\n"
        case .unsignedInteger(let integer):
            output += "\(tabs)<integer>\(integer)</integer>\n"
        case .uid(let uid):
            // As CoreFoundation writes a UID in XML.
            output += "\(tabs)<dict>\n\(tabs)\t<key>CF$UID</key>\n\(tabs)\t<integer>\(uid)</integer>\n\(tabs)</dict>\n"
        case .real(let real):
            output += "\(tabs)<real>\(Self.format(real))</real>\n"
        case .boolean(let flag):
            output += flag ? "\(tabs)<true/>\n" : "\(tabs)<false/>\n"
        case .date(let date):
            output += "\(tabs)<date>\(PropertyListDate.format(date))</date>\n"
        case .data(let data):
            output += "\(tabs)<data>\n"
            let lineLength = max(16, 76 - 8 * indent) / 4 * 4
            for line in Base64.encodedLines(data, lineLength: lineLength) { output += "\(tabs)\(line)\n" }
            output += "\(tabs)</data>\n"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "\(tabs)<array/>\n"
                return
            }
            output += "\(tabs)<array>\n"
            for element in elements { write(element, indent: indent + 1) }
            output += "\(tabs)</array>\n"
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else {
                output += "\(tabs)<dict/>\n"
                return
            }
            output += "\(tabs)<dict>\n"
            for entry in dictionary.entries {
                output += "\(tabs)\t<key>\(Self.escaped(entry.key))</key>\n"
                write(entry.node, indent: indent + 1)
            }
            output += "\(tabs)</dict>\n"
        }
    }

    /// `&`, `<` and `>` as entities, as CoreFoundation writes them.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The shortest text that reads back as the same double; `nan`, `+infinity`, `-infinity`.
    static func format(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        return "\(real)"
    }
}
