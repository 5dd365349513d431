import CAppexSystem

extension ELFFile {
    /// One symbol of a symbol table.
    public struct Symbol: Sendable, Hashable {
        /// Its name, as linked (Swift's are mangled: `$s13ExtensionHost…`).
        public var name: String
        /// Whether this file defines it (else it is a reference another object must satisfy).
        public var isDefined: Bool
        /// `STB_LOCAL` (0), `STB_GLOBAL` (1), `STB_WEAK` (2).
        public var binding: UInt8
        /// `STT_OBJECT` (1), `STT_FUNC` (2), …
        public var type: UInt8
    }

    /// Which symbol table to read.
    public enum SymbolTable: Sendable {
        /// `.dynsym`: what the dynamic linker sees; kept by `strip`.
        case dynamic
        /// `.symtab`: every symbol the static linker saw; gone after `strip`.
        case full
    }

    /// The symbols of `table`, in order; empty when the file has no such table.
    public func symbols(_ table: SymbolTable) throws(ELFError) -> [Symbol] {
        let wanted: UInt32 = table == .dynamic ? 11 : 2
        guard let section = sections.first(where: { $0.type == wanted }) else { return [] }
        let expected: UInt64 = is64Bit ? 24 : 16
        guard section.entrySize == expected else {
            throw ELFError(.malformed, "\(path): section \(section.name) has entries of \(section.entrySize) bytes, not the \(expected) of a symbol")
        }
        guard Int(section.link) < sections.count else {
            throw ELFError(.malformed, "\(path): section \(section.name)'s string table is section \(section.link), which does not exist")
        }
        let strings = try Self.contents(of: sections[Int(section.link)], reader, "\(section.name)'s string table")
        let body = try Self.contents(of: section, reader, "section \(section.name)")
        let count = body.count / Int(expected)
        var symbols: [Symbol] = []
        symbols.reserveCapacity(count)
        // Entry 0 is the undefined symbol every table starts with.
        for index in 1..<max(1, count) {
            let base = UInt64(body.lowerBound + index * Int(expected))
            let what = "symbol \(index) of \(section.name)"
            let name = try reader.u32(base, what)
            let info = try reader.u8(base + (is64Bit ? 4 : 12), what)
            let sectionIndex = try reader.u16(base + (is64Bit ? 6 : 14), what)
            symbols.append(Symbol(name: try reader.string(at: UInt64(name), in: strings, "the name of \(what)"),
                                  isDefined: sectionIndex != 0, binding: info >> 4, type: info & 0xf))
        }
        return symbols
    }
}

extension ELFFile {
    /// The names in `table`'s string table that contain `needle`, found with glibc's `memmem` over
    /// the table's bytes: a debug build's full table has hundreds of thousands of names, and
    /// making each a `String` to look for one module takes seconds.
    public func symbolNames(in table: SymbolTable, containing needle: String) throws(ELFError) -> Set<String> {
        let wanted: UInt32 = table == .dynamic ? 11 : 2
        guard let section = sections.first(where: { $0.type == wanted }) else { return [] }
        guard Int(section.link) < sections.count else {
            throw ELFError(.malformed, "\(path): section \(section.name)'s string table is section \(section.link), which does not exist")
        }
        let strings = try Self.contents(of: sections[Int(section.link)], reader, "\(section.name)'s string table")
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, !strings.isEmpty else { return [] }
        var names = Set<String>()
        reader.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = strings.lowerBound
            while position < strings.upperBound {
                let found = appex_find_bytes(base + position, strings.upperBound - position, pattern, pattern.count)
                guard found >= 0 else { break }
                let offset = position + found
                var start = offset
                while start > strings.lowerBound && buffer[start - 1] != 0 { start -= 1 }
                var end = offset + pattern.count
                while end < strings.upperBound && buffer[end] != 0 { end += 1 }
                names.insert(String(decoding: buffer[start..<end], as: UTF8.self))
                position = end + 1
            }
        }
        return names
    }
}
