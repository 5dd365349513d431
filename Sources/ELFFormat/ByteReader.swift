/// Bounds-checked reads of ELF's fixed-size fields, in the file's byte order.
///
/// Every read names what it reads, so that a short or lying file is reported as "the
/// section header table at 0x1f40 runs past the end (4096 bytes)" rather than trapping.
struct ByteReader: Sendable {
    let bytes: [UInt8]
    let littleEndian: Bool
    let file: String

    func truncated(_ what: String, at offset: UInt64, length: UInt64) -> ELFError {
        ELFError(.truncated, "\(file): \(what) at offset 0x\(String(offset, radix: 16)) (\(length) bytes) runs past the end of the file (\(bytes.count) bytes)")
    }

    /// Checks that `length` bytes at `offset` are inside the file.
    func check(_ offset: UInt64, _ length: UInt64, _ what: String) throws(ELFError) -> Int {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= UInt64(bytes.count) else { throw truncated(what, at: offset, length: length) }
        return Int(offset)
    }

    func unsigned(_ offset: UInt64, size: Int, _ what: String) throws(ELFError) -> UInt64 {
        let start = try check(offset, UInt64(size), what)
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(bytes[start + (littleEndian ? size - 1 - index : index)])
            value = value << 8 | byte
        }
        return value
    }

    func u8(_ offset: UInt64, _ what: String) throws(ELFError) -> UInt8 { UInt8(try unsigned(offset, size: 1, what)) }
    func u16(_ offset: UInt64, _ what: String) throws(ELFError) -> UInt16 { UInt16(try unsigned(offset, size: 2, what)) }
    func u32(_ offset: UInt64, _ what: String) throws(ELFError) -> UInt32 { UInt32(try unsigned(offset, size: 4, what)) }
    func u64(_ offset: UInt64, _ what: String) throws(ELFError) -> UInt64 { try unsigned(offset, size: 8, what) }

    /// A word of the file's class: 4 bytes in ELF32, 8 in ELF64.
    func word(_ offset: UInt64, is64: Bool, _ what: String) throws(ELFError) -> UInt64 {
        try unsigned(offset, size: is64 ? 8 : 4, what)
    }

    /// The NUL-terminated string at `offset` inside `range` (a string table's bytes).
    func string(at offset: UInt64, in range: Range<Int>, _ what: String) throws(ELFError) -> String {
        guard offset < UInt64(range.count) else {
            throw ELFError(.malformed, "\(file): \(what) starts at \(offset), past the end of its string table (\(range.count) bytes)")
        }
        let start = range.lowerBound + Int(offset)
        guard let end = bytes[start..<range.upperBound].firstIndex(of: 0) else {
            throw ELFError(.malformed, "\(file): \(what) at \(offset) is not terminated inside its string table")
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
