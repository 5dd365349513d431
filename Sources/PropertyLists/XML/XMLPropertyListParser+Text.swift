/// Character data: runs of text, entity and character references, CDATA sections.
extension XMLPropertyListParser {
    /// Reads the content of the element `name` (its start tag already read) through its end
    /// tag, decoding references and CDATA. Throws `tooLong` once the decoded bytes exceed
    /// `limit`.
    mutating func readText(of name: String, openedAt open: Int, limit: Int,
                           tooLong: PropertyListError.Code) throws(PropertyListError) -> [UInt8] {
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw error(.truncated, "unexpected end of file inside <\(name)> opened at \(tracker.position(at: open))",
                            at: bytes.count)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if hasPrefix("<![CDATA[") {
                    let start = index
                    index += 9
                    let contentStart = index
                    try skip(past: "]]>", construct: "a CDATA section", from: start)
                    text.append(contentsOf: bytes[contentStart..<(index - 3)])
                } else if hasPrefix("</") {
                    let start = index
                    let closing = try readEndTag()
                    guard closing == name else {
                        throw error(.malformedXML, "expected </\(name)> to close <\(name)> opened at "
                                    + "\(tracker.position(at: open)), found </\(closing)>", at: start)
                    }
                    return text
                } else if hasPrefix("<!--") {
                    throw error(.malformedXML, "a comment cannot appear inside <\(name)>", at: index)
                } else {
                    let start = index
                    index += 1
                    let inner = readName()
                    throw error(.unexpectedElement, "unexpected element <\(inner)> inside <\(name)>; "
                                + "expected </\(name)>", at: start)
                }
            } else if byte == UInt8(ascii: "&") {
                try appendReference(to: &text)
            } else {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") {
                    index += 1
                }
                text.append(contentsOf: bytes[start..<index])
            }
            if text.count > limit {
                let what = tooLong == .dataTooLong ? "<data>" : "<\(name)>"
                throw error(tooLong, "\(what) longer than \(limit) bytes (the limit)", at: open)
            }
        }
    }

    /// Decodes `&name;`, `&#N;` or `&#xH;` at `index` and appends its UTF-8.
    private mutating func appendReference(to text: inout [UInt8]) throws(PropertyListError) {
        let start = index
        var end = index + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error(.malformedXML, "'&' must start a reference such as &amp; or &#60;", at: start)
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        index = end + 1
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#"), name.dropFirst().allSatisfy(\.isASCII) {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                throw error(.malformedXML, "unknown entity '&\(name);'", at: start)
            }
        }
        guard let scalar, scalar.value != 0 else {
            throw error(.malformedXML, "invalid character reference '&\(name);'", at: start)
        }
        text.append(contentsOf: String(scalar).utf8)
    }
}
