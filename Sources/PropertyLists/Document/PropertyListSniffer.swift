/// Tells binary from XML property lists, and refuses the formats Appex does not read.
enum PropertyListSniffer {
    enum Kind {
        case binary
        /// XML, as UTF-8 bytes (transcoded when the file was UTF-16).
        case xml([UInt8])
    }

    static func sniff(_ bytes: [UInt8], fileName: String) throws(PropertyListError) -> Kind {
        func unsupported(_ message: String) -> PropertyListError {
            PropertyListError(code: .unsupportedFormat, message: message, fileName: fileName)
        }
        // CoreFoundation checks `bplist0` and not the version's last character: `bplist01`
        // reads as `bplist00` does. Other versions (`bplist15`, `bplist17`) are other formats.
        if bytes.starts(with: Array("bplist0".utf8)), bytes.count > 7 { return .binary }
        if bytes.starts(with: Array("bplist".utf8)) {
            let version = String(decoding: bytes.dropFirst(6).prefix(2), as: UTF8.self)
            throw unsupported("binary property list version '\(version)' is not supported; Appex reads bplist0x")
        }
        if let utf32 = transcodeUTF32(bytes) { return .xml(utf32) }
        if let utf16 = transcodeUTF16(bytes) { return .xml(utf16) }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            throw unsupported("the file is empty")
        }
        guard bytes[index] == UInt8(ascii: "<") else {
            let kind = bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
                ? "JSON or OpenStep" : "OpenStep (old-style)"
            throw unsupported("not an XML or binary property list (it looks like \(kind) text, which Appex does "
                              + "not read)")
        }
        return .xml(bytes)
    }

    /// UTF-32 text, recognised by a byte-order mark or a leading `<` in four bytes, as
    /// UTF-8 (Foundation reads it); `nil` for anything else.
    private static func transcodeUTF32(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4 else { return nil }
        let bigEndian: Bool
        var start = 0
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x00, 0x00, 0xFE, 0xFF): bigEndian = true; start = 4
        case (0xFF, 0xFE, 0x00, 0x00): bigEndian = false; start = 4
        case (0x00, 0x00, 0x00, 0x3C): bigEndian = true
        case (0x3C, 0x00, 0x00, 0x00): bigEndian = false
        default: return nil
        }
        var scalars = String.UnicodeScalarView()
        var index = start
        while index + 3 < bytes.count {
            let word = bytes[index..<index + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let value = bigEndian ? word : word.byteSwapped
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            index += 4
        }
        return Array(String(scalars).utf8)
    }

    /// UTF-16 text, recognised by a byte-order mark or a leading `<` with a zero byte,
    /// as UTF-8; `nil` for anything else.
    private static func transcodeUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        var start = 0
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF): bigEndian = true; start = 2
        case (0xFF, 0xFE): bigEndian = false; start = 2
        case (0x00, 0x3C): bigEndian = true
        case (0x3C, 0x00): bigEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity((bytes.count - start) / 2)
        var index = start
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
