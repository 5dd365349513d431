import Foundation

/// Objects without references: booleans, integers, reals, dates, data and strings.
extension BinaryPropertyListReader {
    /// Decodes a scalar object (UIDs included); containers, sets and unknown markers are errors.
    func scalar(_ header: Header, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> PropertyListNode.Value {
        let at = "at byte \(header.offset)"
        switch (header.kind, header.info) {
        case (0x0, 0x8):
            return .boolean(false)
        case (0x0, 0x9):
            return .boolean(true)
        case (0x0, 0x0), (0x0, 0xF):
            throw error(.unsupportedObject, "\(header.info == 0 ? "null" : "fill") objects have no property-list "
                        + "value (\(at))", keyPath: keyPath())
        case (0x1, 0...4):
            return try integer(header, keyPath: keyPath())
        case (0x2, 2), (0x2, 3), (0x3, 3):
            let size = 1 << Int(header.info)
            let range = try range(start: header.contentStart, count: 1, elementSize: size, header: header, keyPath: keyPath())
            let bits = unsigned(at: range.lowerBound, size: size)
            let value = size == 4 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            guard header.kind == 0x3 else { return .real(value) }
            // NaN or an infinity is no point in time, and Foundation's `Date.description`
            // traps on NaN: refused, as an XML date could never hold one (the fuzzer's find).
            guard value.isFinite else {
                throw error(.invalidValue, "the date \(at) is \(value) seconds from 2001, not a point in time",
                            keyPath: keyPath())
            }
            return .date(Date(timeIntervalSinceReferenceDate: value))
        case (0x4, _):
            guard header.count <= limits.maxDataLength else {
                throw error(.dataTooLong, "data of \(header.count) bytes \(at), longer than \(limits.maxDataLength) "
                            + "(the limit)", keyPath: keyPath())
            }
            let range = try range(start: header.contentStart, count: header.count, elementSize: 1, header: header,
                                  keyPath: keyPath())
            return .data(Data(bytes[range]))
        case (0x5, _):
            try checkStringLength(header.count, header: header, keyPath: keyPath())
            let range = try range(start: header.contentStart, count: header.count, elementSize: 1, header: header,
                                  keyPath: keyPath())
            if bytes[range].allSatisfy({ $0 < 0x80 }) { return .string(String(decoding: bytes[range], as: UTF8.self)) }
            // Bytes above 0x7F: ISO Latin 1, as CoreFoundation reads them, unless refused.
            guard limits.readsLatin1ASCIIStrings else {
                throw error(.invalidBinary, "the ASCII string \(at) contains a byte above 0x7F", keyPath: keyPath())
            }
            return .string(String(String.UnicodeScalarView(bytes[range].map { Unicode.Scalar($0) })))
        case (0x6, _):
            // CoreFoundation asks its allocator for the characters' bytes, and a request of 0
            // bytes fails: it refuses the file (its writer writes "" as an ASCII string).
            guard header.count > 0 else {
                throw error(.invalidBinary, "an empty UTF-16 string \(at), which CoreFoundation refuses; an empty string "
                            + "is written as an ASCII one (0x50)", keyPath: keyPath())
            }
            try checkStringLength(header.count, header: header, keyPath: keyPath())
            let range = try range(start: header.contentStart, count: header.count, elementSize: 2, header: header,
                                  keyPath: keyPath())
            var units: [UInt16] = []
            units.reserveCapacity(header.count)
            var index = range.lowerBound
            while index < range.upperBound {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            let string = String(decoding: units, as: UTF16.self)
            try checkStringLength(string.utf8.count, header: header, keyPath: keyPath())
            return .string(string)
        case (0x8, _):
            // A UID of info + 1 bytes, big-endian (keyed archives); at most 4, as CoreFoundation's
            // UIDs are 32-bit and it refuses a wider one.
            let size = Int(header.info) + 1
            guard size <= 4 else {
                throw error(.invalidBinary, "a UID of \(size) bytes \(at); UIDs have at most 4", keyPath: keyPath())
            }
            let range = try range(start: header.contentStart, count: 1, elementSize: size, header: header, keyPath: keyPath())
            return .uid(unsigned(at: range.lowerBound, size: size))
        case (0xB, _), (0xC, _):
            throw error(.unsupportedObject, "sets are not supported (\(at))", keyPath: keyPath())
        case (0xA, _), (0xD, _):
            throw error(.invalidBinary, "expected a scalar \(at), found a container", keyPath: keyPath())
        default:
            throw error(.invalidBinary, "unknown object marker 0x\(String(header.marker, radix: 16)) \(at)",
                        keyPath: keyPath())
        }
    }

    private func checkStringLength(_ length: Int, header: Header, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) {
        guard length <= limits.maxStringLength else {
            throw error(.stringTooLong, "string at byte \(header.offset) longer than \(limits.maxStringLength) "
                        + "bytes (the limit)", keyPath: keyPath())
        }
    }

    /// 1, 2 and 4-byte integers are unsigned, 8-byte ones signed. A 16-byte one (written for
    /// values above `Int64.max`) is read as Foundation reads it: its low 64 bits, unsigned.
    private func integer(_ header: Header, keyPath: @autoclosure () -> PropertyListKeyPath) throws(PropertyListError) -> PropertyListNode.Value {
        let size = 1 << Int(header.info)
        let range = try range(start: header.contentStart, count: 1, elementSize: size, header: header, keyPath: keyPath())
        switch size {
        case 1, 2, 4:
            return .integer(Int64(unsigned(at: range.lowerBound, size: size)))
        case 8:
            return .integer(Int64(bitPattern: unsigned(at: range.lowerBound, size: 8)))
        default:
            let low = unsigned(at: range.lowerBound + 8, size: 8)
            return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low)
        }
    }
}
