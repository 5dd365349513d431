/// A shared library written byte by byte from the ELF specification's layouts, in either
/// class and either byte order: the reader's cases for what no compiler on this machine
/// makes (ELF32, big-endian). It has a dynamic section (`DT_NEEDED`, `DT_RUNPATH`,
/// `DT_SONAME`) with its string table, a `.dynsym` of functions, and the section names.
struct SyntheticELF {
    var is64Bit: Bool
    var isLittleEndian: Bool
    /// `e_machine`: 40 ARM, 20 PowerPC, 22 S/390, 62 x86-64.
    var machine: UInt16
    var needed: [String]
    var runPath: String
    var soName: String
    /// Global functions: defined ones (in section 1) and references (`SHN_UNDEF`).
    var symbols: [(name: String, isDefined: Bool)]

    private var word: Int { is64Bit ? 8 : 4 }

    /// The file's bytes.
    func bytes() -> [UInt8] {
        // The string tables.
        var dynamicStrings: [UInt8] = [0]
        func dynamicString(_ text: String) -> UInt64 {
            defer { dynamicStrings += Array(text.utf8) + [0] }
            return UInt64(dynamicStrings.count)
        }
        let neededOffsets = needed.map(dynamicString)
        let runPathOffset = dynamicString(runPath)
        let soNameOffset = dynamicString(soName)
        let symbolNameOffsets = symbols.map { dynamicString($0.name) }
        let sectionNames = ["", ".dynstr", ".dynamic", ".dynsym", ".shstrtab"]
        var nameTable: [UInt8] = []
        var nameOffsets: [UInt32] = []
        for name in sectionNames {
            nameOffsets.append(UInt32(nameTable.count))
            nameTable += Array(name.utf8) + [0]
        }

        // The dynamic section: tag and value, each a word.
        var dynamic: [UInt8] = []
        func entry(_ tag: UInt64, _ value: UInt64) { dynamic += field(tag, word) + field(value, word) }
        for offset in neededOffsets { entry(1, offset) }
        entry(14, soNameOffset)
        entry(29, runPathOffset)
        entry(0, 0)

        // The dynamic symbols: the undefined entry 0, then one per symbol.
        let symbolSize = is64Bit ? 24 : 16
        var symbolTable = [UInt8](repeating: 0, count: symbolSize)
        for (index, symbol) in symbols.enumerated() {
            let info: UInt64 = 1 << 4 | 2  // STB_GLOBAL, STT_FUNC
            let section: UInt64 = symbol.isDefined ? 1 : 0
            if is64Bit {
                symbolTable += field(UInt64(symbolNameOffsets[index]), 4) + field(info, 1) + field(0, 1) + field(section, 2)
                    + field(0x1000, 8) + field(0, 8)
            } else {
                symbolTable += field(UInt64(symbolNameOffsets[index]), 4) + field(0x1000, 4) + field(0, 4)
                    + field(info, 1) + field(0, 1) + field(section, 2)
            }
        }

        // Layout: the header, the four sections' contents, the section header table.
        let headerSize = is64Bit ? 64 : 52
        let contents = [dynamicStrings, dynamic, symbolTable, nameTable]
        var offsets: [Int] = []
        var body: [UInt8] = []
        for content in contents {
            offsets.append(headerSize + body.count)
            body += content
            while body.count % 8 != 0 { body.append(0) }
        }
        let sectionTableOffset = headerSize + body.count
        // Section 0 is all zeros; then name, type, link, entry size for each.
        let described: [(type: UInt64, link: UInt64, entrySize: Int)] = [
            (3, 0, 0), (6, 1, 2 * word), (11, 1, symbolSize), (3, 0, 0),
        ]
        let sectionHeaderSize = is64Bit ? 64 : 40
        var sectionTable = [UInt8](repeating: 0, count: sectionHeaderSize)
        for (index, section) in described.enumerated() {
            let name = UInt64(nameOffsets[index + 1]), offset = UInt64(offsets[index]), size = UInt64(contents[index].count)
            if is64Bit {
                sectionTable += field(name, 4) + field(section.type, 4) + field(0, 8) + field(0, 8) + field(offset, 8) + field(size, 8)
                    + field(section.link, 4) + field(0, 4) + field(8, 8) + field(UInt64(section.entrySize), 8)
            } else {
                sectionTable += field(name, 4) + field(section.type, 4) + field(0, 4) + field(0, 4) + field(offset, 4) + field(size, 4)
                    + field(section.link, 4) + field(0, 4) + field(4, 4) + field(UInt64(section.entrySize), 4)
            }
        }

        var header: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, is64Bit ? 2 : 1, isLittleEndian ? 1 : 2, 1, 0]
        header += [UInt8](repeating: 0, count: 8)
        header += field(3, 2) + field(UInt64(machine), 2) + field(1, 4)    // ET_DYN, e_machine, e_version
        header += field(0, word) + field(0, word) + field(UInt64(sectionTableOffset), word)  // e_entry, e_phoff, e_shoff
        header += field(0, 4) + field(UInt64(headerSize), 2)                // e_flags, e_ehsize
        header += field(0, 2) + field(0, 2)                                 // e_phentsize, e_phnum
        header += field(UInt64(sectionHeaderSize), 2) + field(UInt64(sectionNames.count), 2) + field(4, 2)  // e_shentsize, e_shnum, e_shstrndx
        return header + body + sectionTable
    }

    /// `value` in `size` bytes, in the file's byte order.
    private func field(_ value: UInt64, _ size: Int) -> [UInt8] {
        let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        return isLittleEndian ? little : little.reversed()
    }
}
