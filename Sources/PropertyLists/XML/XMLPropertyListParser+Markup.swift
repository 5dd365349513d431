/// Tags, comments, processing instructions and the document type declaration.
extension XMLPropertyListParser {
    /// A start tag: the element's name and whether it closed itself (`<string/>`).
    struct StartTag {
        var name: String
        var isEmpty: Bool
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Skips to just after `terminator`, or throws `truncated` naming `construct`.
    mutating func skip(past terminator: StaticString, construct: String, from start: Int) throws(PropertyListError) {
        while index < bytes.count {
            if hasPrefix(terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw error(.truncated, "unexpected end of file inside \(construct) started at \(tracker.position(at: start))",
                    at: bytes.count)
    }

    mutating func skipComment() throws(PropertyListError) {
        let start = index
        index += 4
        try skip(past: "-->", construct: "a comment", from: start)
    }

    /// Skips `<?…?>`; for the XML declaration, checks that the encoding is one Appex reads.
    mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = index
        index += 2
        try skip(past: "?>", construct: "a processing instruction", from: start)
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard text.hasPrefix("<?xml"), let range = text.range(of: "encoding") else { return }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let encoding = rest.dropFirst().prefix { $0 != quote }.lowercased()
        guard ["utf-8", "utf8", "utf-16", "utf-16le", "utf-16be", "utf-32", "utf-32le", "utf-32be", "us-ascii", "ascii"]
                .contains(encoding) else {
            throw error(.unsupportedFormat, "unsupported encoding '\(encoding)'; Appex reads UTF-8, UTF-16 and UTF-32 "
                        + "property lists", at: start, keyPath: nil)
        }
    }

    /// Skips `<!DOCTYPE …>` to the first `>`, as CoreFoundation does (quotes do not
    /// protect a `>` or a `[`); a `[` (an internal subset) is an error, as it is there.
    mutating func skipDoctype() throws(PropertyListError) {
        let start = index
        index += 9
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "[") {
                throw error(.malformedXML, "an internal DTD subset ('[' in <!DOCTYPE>) is not allowed in a property list",
                            at: index - 1, keyPath: nil)
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
        throw error(.truncated, "unexpected end of file inside <!DOCTYPE> started at \(tracker.position(at: start))",
                    at: bytes.count, keyPath: nil)
    }

    /// Reads an element name at `index`: everything up to whitespace, `/`, `>` or `<`.
    mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "<") { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads `<name attributes…>` or `<name…/>` from its `<`; attributes are skipped.
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = index
        index += 1
        let name = readName()
        guard !name.isEmpty else {
            throw error(.malformedXML, "expected an element name after '<'", at: start)
        }
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return StartTag(name: name, isEmpty: false)
            } else if byte == UInt8(ascii: "/") {
                guard index < bytes.count else { break }
                guard bytes[index] == UInt8(ascii: ">") else {
                    throw error(.malformedXML, "expected '>' after '/' in the tag <\(name)>", at: index)
                }
                index += 1
                return StartTag(name: name, isEmpty: true)
            } else if byte == UInt8(ascii: "<") {
                throw error(.malformedXML, "expected '>' to end the tag <\(name)>, found '<'", at: index - 1)
            }
        }
        throw error(.truncated, "unexpected end of file inside the tag <\(name)> started at \(tracker.position(at: start))",
                    at: bytes.count)
    }

    /// Reads `</name>` from its `<` and returns the name.
    mutating func readEndTag() throws(PropertyListError) -> String {
        let start = index
        index += 2
        let name = readName()
        skipWhitespace()
        guard index < bytes.count else {
            throw error(.truncated, "unexpected end of file inside the tag </\(name)> started at "
                        + "\(tracker.position(at: start))", at: bytes.count)
        }
        guard bytes[index] == UInt8(ascii: ">"), !name.isEmpty else {
            throw error(.malformedXML, "malformed end tag </\(name)", at: start)
        }
        index += 1
        return name
    }

    /// The error for text (or `<!…>` markup) where only elements may stand.
    mutating func strayText(at start: Int) -> PropertyListError {
        var end = start
        while end < bytes.count, end - start < 20, bytes[end] != 0x0A, bytes[end] != 0x0D,
              end == start || bytes[end] != UInt8(ascii: "<") { end += 1 }
        let excerpt = String(decoding: bytes[start..<end], as: UTF8.self)
        let place = stack.last.map { "inside <\($0.kind.rawValue)>" } ?? "outside the root element"
        let expected = stack.last?.kind == .dict && stack.last?.pendingKey == nil ? "; expected <key>" : ""
        return error(.malformedXML, "unexpected text '\(excerpt)' \(place)\(expected)", at: start)
    }
}
