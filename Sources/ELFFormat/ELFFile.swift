import Foundation

/// An ELF executable or shared library, read from the ELF specification's headers: its
/// sections, the libraries it needs and where it looks for them, and its symbols.
///
/// A bundle is untrusted input, so every offset, count and string is checked against the
/// file before it is read; a file that lies fails with an ``ELFError`` naming the file and
/// the offset, never a trap. Both classes (ELF32, ELF64) and both byte orders are read.
///
/// ```swift
/// let image = try ELFFile(contentsOf: URL(fileURLWithPath: "/usr/bin/true"))
/// image.neededLibraries   // ["libc.so.6"]
/// ```
public struct ELFFile: Sendable {
    /// What kind of object the file is (`e_type`).
    public enum Kind: Sendable, Hashable {
        case relocatable, executable, sharedObject, core
        case other(UInt16)
    }

    /// One section header.
    public struct Section: Sendable, Hashable {
        /// Its name, from the section-name string table.
        public var name: String
        /// `sh_type` (`SHT_DYNAMIC` is 6, `SHT_DYNSYM` 11, …).
        public var type: UInt32
        /// Where its bytes are in the file.
        public var offset: UInt64
        /// How many bytes it has in the file (`SHT_NOBITS` sections have none).
        public var size: UInt64
        /// `sh_link`: the string table of a symbol table or dynamic section.
        public var link: UInt32
        /// `sh_entsize`: the size of one entry of a table.
        public var entrySize: UInt64
    }

    /// The file's path, for messages.
    public let path: String
    /// Whether the file is ELF64 (else ELF32).
    public let is64Bit: Bool
    /// Whether the file is little-endian.
    public let isLittleEndian: Bool
    /// `e_type`.
    public let kind: Kind
    /// `e_machine` (62 is x86-64, 183 AArch64).
    public let machine: UInt16
    /// The section headers, in file order.
    public let sections: [Section]
    /// `DT_NEEDED`: the libraries the dynamic linker loads for this file, in order.
    public let neededLibraries: [String]
    /// `DT_RUNPATH`, split at colons; empty when there is none.
    public let runPath: [String]
    /// `DT_RPATH` (the older form, searched before `LD_LIBRARY_PATH`), split at colons.
    public let rPath: [String]
    /// `DT_SONAME`, the name a shared library is linked by.
    public let soName: String?

    let reader: ByteReader

    /// The most bytes a file may have: a debug build of a large extension is under 200 MB.
    public static let maximumSize = 1 << 30

    /// Reads the ELF file at `url`.
    public init(contentsOf url: URL) throws(ELFError) {
        let data: Data
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            guard size <= Self.maximumSize else {
                throw ELFError(.unsupported, "\(url.path): \(size) bytes is larger than the \(Self.maximumSize) an ELF file may have here")
            }
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch let error as ELFError {
            throw error
        } catch {
            throw ELFError(.unreadable, "\(url.path): \(error.localizedDescription)")
        }
        try self.init(bytes: [UInt8](data), path: url.path)
    }

    /// Reads an ELF file from its bytes; `path` names it in messages.
    public init(bytes: [UInt8], path: String) throws(ELFError) {
        self.path = path
        guard bytes.count >= 16, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46 else {
            throw ELFError(.notELF, "\(path): not an ELF file (it does not start with 7f 45 4c 46)")
        }
        guard bytes[4] == 1 || bytes[4] == 2 else {
            throw ELFError(.unsupported, "\(path): class \(bytes[4]) at offset 4 is neither ELF32 (1) nor ELF64 (2)")
        }
        guard bytes[5] == 1 || bytes[5] == 2 else {
            throw ELFError(.unsupported, "\(path): byte order \(bytes[5]) at offset 5 is neither little- (1) nor big-endian (2)")
        }
        guard bytes[6] == 1 else {
            throw ELFError(.unsupported, "\(path): version \(bytes[6]) at offset 6 is not 1")
        }
        is64Bit = bytes[4] == 2
        isLittleEndian = bytes[5] == 1
        reader = ByteReader(bytes: bytes, littleEndian: isLittleEndian, file: path)
        let type = try reader.u16(16, "e_type")
        kind = switch type {
        case 1: .relocatable
        case 2: .executable
        case 3: .sharedObject
        case 4: .core
        default: .other(type)
        }
        machine = try reader.u16(18, "e_machine")
        sections = try Self.readSections(reader, is64: is64Bit)
        let dynamic = try Self.readDynamic(reader, is64: is64Bit, sections: sections)
        neededLibraries = dynamic.needed
        runPath = dynamic.runPath
        rPath = dynamic.rPath
        soName = dynamic.soName
    }

    /// The first section named `name`.
    public func section(named name: String) -> Section? {
        sections.first { $0.name == name }
    }
}
