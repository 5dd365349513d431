import ELFFormat
import Testing

/// Both classes and both byte orders, as ELFFile promises: libraries written from the
/// specification's layouts (``SyntheticELF``), since gcc here makes only ELF64
/// little-endian.
@Suite("ELF classes and byte orders")
struct ELFClassesTests {
    struct Layout: CustomTestStringConvertible, Sendable {
        let name: String
        let is64Bit: Bool
        let isLittleEndian: Bool
        let machine: UInt16
        var testDescription: String { name }
    }

    static let layouts = [
        Layout(name: "ELF32 little-endian (ARM)", is64Bit: false, isLittleEndian: true, machine: 40),
        Layout(name: "ELF32 big-endian (PowerPC)", is64Bit: false, isLittleEndian: false, machine: 20),
        Layout(name: "ELF64 little-endian (x86-64)", is64Bit: true, isLittleEndian: true, machine: 62),
        Layout(name: "ELF64 big-endian (S/390)", is64Bit: true, isLittleEndian: false, machine: 22),
    ]

    @Test("the header, the dynamic section and the symbols read the same in every layout", arguments: layouts)
    func reads(_ layout: Layout) throws {
        let file = SyntheticELF(is64Bit: layout.is64Bit, isLittleEndian: layout.isLittleEndian, machine: layout.machine,
                                needed: ["libc.so.6", "libswiftCore.so"], runPath: "$ORIGIN:$ORIGIN/../Frameworks",
                                soName: "libNotesKit.so", symbols: [("appex_answer", true), ("puts", false)])
        let image = try ELFFile(bytes: file.bytes(), path: layout.name)
        #expect(image.is64Bit == layout.is64Bit)
        #expect(image.isLittleEndian == layout.isLittleEndian)
        #expect(image.machine == layout.machine)
        #expect(image.kind == .sharedObject)
        #expect(image.sections.map(\.name) == ["", ".dynstr", ".dynamic", ".dynsym", ".shstrtab"])
        #expect(image.neededLibraries == ["libc.so.6", "libswiftCore.so"])
        #expect(image.runPath == ["$ORIGIN", "$ORIGIN/../Frameworks"])
        #expect(image.soName == "libNotesKit.so")
        let symbols = try image.symbols(.dynamic)
        #expect(symbols.map(\.name) == ["appex_answer", "puts"])
        #expect(symbols.map(\.isDefined) == [true, false])
        #expect(symbols.allSatisfy { $0.binding == 1 && $0.type == 2 })
        #expect(try image.symbolNames(in: .dynamic, containing: "answer") == ["appex_answer"])
    }

    @Test("the other byte order's reading of a field is not mistaken for it", arguments: layouts)
    func byteOrderMatters(_ layout: Layout) throws {
        var bytes = SyntheticELF(is64Bit: layout.is64Bit, isLittleEndian: layout.isLittleEndian, machine: layout.machine,
                                 needed: ["libc.so.6"], runPath: "$ORIGIN", soName: "libx.so", symbols: []).bytes()
        bytes[5] = layout.isLittleEndian ? 2 : 1
        // Read in the wrong order, e_shentsize is no longer the size of a section header.
        #expect(throws: ELFError.self) { try ELFFile(bytes: bytes, path: layout.name) }
    }
}
