extension ELFFile {
    /// `SHT_NOBITS`: a section with no bytes in the file (`.bss`).
    static let noBits: UInt32 = 8

    /// The section headers, with their names from `e_shstrndx`'s string table.
    static func readSections(_ reader: ByteReader, is64: Bool) throws(ELFError) -> [Section] {
        let file = reader.file
        let offset = try reader.word(is64 ? 40 : 32, is64: is64, "e_shoff")
        let entrySize = UInt64(try reader.u16(is64 ? 58 : 46, "e_shentsize"))
        var count = UInt64(try reader.u16(is64 ? 60 : 48, "e_shnum"))
        var namesIndex = UInt64(try reader.u16(is64 ? 62 : 50, "e_shstrndx"))
        guard offset != 0 else { return [] }
        let expected: UInt64 = is64 ? 64 : 40
        guard entrySize == expected else {
            throw ELFError(.malformed, "\(file): e_shentsize is \(entrySize), not the \(expected) bytes of an ELF\(is64 ? 64 : 32) section header")
        }
        // Section 0 is inside the file before any field of it is read (an offset near 2^64
        // would overflow the additions below: the elf fuzzer's first finding).
        _ = try reader.check(offset, expected, "section header 0")
        // More than 0xff00 sections: the counts are in section 0 (the ELF specification, "Sections").
        if count == 0 { count = try reader.word(offset + (is64 ? 32 : 20), is64: is64, "section 0's sh_size (the section count)") }
        if namesIndex == 0xffff { namesIndex = UInt64(try reader.u32(offset + (is64 ? 40 : 24), "section 0's sh_link (the names' index)")) }
        let (tableSize, overflow) = count.multipliedReportingOverflow(by: entrySize)
        guard !overflow else { throw ELFError(.malformed, "\(file): \(count) section headers cannot fit in a file") }
        _ = try reader.check(offset, tableSize, "the section header table (\(count) entries)")

        var headers: [(name: UInt32, section: Section)] = []
        headers.reserveCapacity(Int(count))
        for index in 0..<count {
            let base = offset + index * entrySize
            let what = "section header \(index)"
            let section = Section(
                name: "", type: try reader.u32(base + 4, what),
                offset: try reader.word(base + (is64 ? 24 : 16), is64: is64, what),
                size: try reader.word(base + (is64 ? 32 : 20), is64: is64, what),
                link: try reader.u32(base + (is64 ? 40 : 24), what),
                entrySize: try reader.word(base + (is64 ? 56 : 36), is64: is64, what))
            headers.append((try reader.u32(base, what), section))
        }
        guard namesIndex < count else {
            throw ELFError(.malformed, "\(file): e_shstrndx \(namesIndex) names no section (there are \(count))")
        }
        let names = try contents(of: headers[Int(namesIndex)].section, reader, "the section-name string table")
        var sections: [Section] = []
        sections.reserveCapacity(headers.count)
        for (index, header) in headers.enumerated() {
            var section = header.section
            section.name = try reader.string(at: UInt64(header.name), in: names, "the name of section \(index)")
            sections.append(section)
        }
        return sections
    }

    /// The byte range of `section`'s contents, checked against the file.
    static func contents(of section: Section, _ reader: ByteReader, _ what: String) throws(ELFError) -> Range<Int> {
        guard section.type != noBits else { return 0..<0 }
        let start = try reader.check(section.offset, section.size, what)
        return start..<(start + Int(section.size))
    }
}
