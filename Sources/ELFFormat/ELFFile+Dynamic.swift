extension ELFFile {
    /// `SHT_DYNAMIC`.
    static let dynamicType: UInt32 = 6

    struct DynamicEntries {
        var needed: [String] = []
        var runPath: [String] = []
        var rPath: [String] = []
        var soName: String?
    }

    /// The `DT_NEEDED`, `DT_RUNPATH`, `DT_RPATH` and `DT_SONAME` entries of the dynamic
    /// section, with their strings from the section's `sh_link` string table.
    static func readDynamic(_ reader: ByteReader, is64: Bool, sections: [Section]) throws(ELFError) -> DynamicEntries {
        var entries = DynamicEntries()
        guard let dynamic = sections.first(where: { $0.type == dynamicType }) else { return entries }
        let file = reader.file
        guard Int(dynamic.link) < sections.count else {
            throw ELFError(.malformed, "\(file): the dynamic section's string table is section \(dynamic.link), which does not exist")
        }
        let strings = try contents(of: sections[Int(dynamic.link)], reader, "the dynamic string table")
        let body = try contents(of: dynamic, reader, "the dynamic section")
        let entrySize = is64 ? 16 : 8
        for index in 0..<(body.count / entrySize) {
            let base = UInt64(body.lowerBound + index * entrySize)
            let tag = try reader.word(base, is64: is64, "dynamic entry \(index)")
            let value = try reader.word(base + UInt64(entrySize / 2), is64: is64, "dynamic entry \(index)")
            switch tag {
            case 0: return entries  // DT_NULL ends the table.
            case 1: entries.needed.append(try reader.string(at: value, in: strings, "DT_NEEDED entry \(index)"))
            case 14: entries.soName = try reader.string(at: value, in: strings, "DT_SONAME")
            case 15: entries.rPath = try reader.string(at: value, in: strings, "DT_RPATH").split(separator: ":").map(String.init)
            case 29: entries.runPath = try reader.string(at: value, in: strings, "DT_RUNPATH").split(separator: ":").map(String.init)
            default: continue
            }
        }
        return entries
    }
}
