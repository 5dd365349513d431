import ELFFormat
import Foundation
import HostTestSupport
import Testing

/// The ELF reader on real binaries, and on damaged copies of them: every damage is an
/// `ELFError` naming what is wrong and where, never a trap.
@Suite("ELF files")
struct ELFFileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Small binaries gcc made (Fuzz/seeds-elf/, also the fuzzer's seeds).
    static let executable = repository.appendingPathComponent("Fuzz/seeds-elf/tiny-executable")
    static let library = repository.appendingPathComponent("Fuzz/seeds-elf/tiny-library.so")

    @Test("an executable: its needed libraries, RUNPATH and symbols")
    func executable() throws {
        let image = try ELFFile(contentsOf: Self.executable)
        #expect(image.is64Bit && image.isLittleEndian)
        #expect(image.kind == .sharedObject || image.kind == .executable)  // PIE executables are ET_DYN
        #expect(image.neededLibraries == ["libc.so.6"])
        #expect(image.runPath == ["$ORIGIN/lib"])
        #expect(image.soName == nil)
        #expect(image.section(named: ".dynamic") != nil)
        let symbols = try image.symbols(.full)
        #expect(symbols.contains { $0.name == "main" && $0.isDefined && $0.type == 2 })
    }

    @Test("a shared library: its soname and exported symbols")
    func library() throws {
        let image = try ELFFile(contentsOf: Self.library)
        #expect(image.kind == .sharedObject)
        #expect(image.soName == "libtiny.so")
        let exported = try image.symbols(.dynamic)
        #expect(exported.contains { $0.name == "appex_answer" && $0.isDefined && $0.binding == 1 })
        #expect(try image.symbolNames(in: .dynamic, containing: "answer") == ["appex_answer"])
        #expect(try image.symbolNames(in: .dynamic, containing: "no-such-name").isEmpty)
    }

    @Test("a Swift executable of this package: the Swift runtime on its RUNPATH, Swift symbols by module")
    func swiftExecutable() throws {
        let built = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let image = try ELFFile(contentsOf: built)
        #expect(image.neededLibraries.contains("libswiftCore.so"))
        #expect(image.runPath.contains("$ORIGIN"))
        let host = try image.symbolNames(in: .full, containing: "13ExtensionHost")
        #expect(host.contains { $0.hasPrefix("$s13ExtensionHost") }, "appex links ExtensionHost: its symbols are in .symtab")
    }

    /// A damaged copy of the tiny executable and what the reader must say of it.
    struct Damage: CustomTestStringConvertible, Sendable {
        let name: String
        let damage: @Sendable ([UInt8]) -> [UInt8]
        let code: ELFError.Code
        let says: String
        var testDescription: String { name }
    }

    /// Writes `value` little-endian into `bytes` at `offset`.
    static func put(_ value: UInt64, size: Int, at offset: Int, in bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        for index in 0..<size { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        return copy
    }

    static let damages: [Damage] = [
        Damage(name: "empty", damage: { _ in [] }, code: .notELF, says: "not an ELF file"),
        Damage(name: "a script", damage: { _ in Array("#!/bin/sh\necho hi\n".utf8) }, code: .notELF, says: "7f 45 4c 46"),
        Damage(name: "class 3", damage: { put(3, size: 1, at: 4, in: $0) }, code: .unsupported, says: "class 3 at offset 4"),
        Damage(name: "byte order 0", damage: { put(0, size: 1, at: 5, in: $0) }, code: .unsupported, says: "byte order 0 at offset 5"),
        Damage(name: "cut inside the header", damage: { Array($0.prefix(20)) }, code: .truncated, says: "e_shoff at offset 0x28 (8 bytes) runs past the end of the file (20 bytes)"),
        Damage(name: "section headers past the end", damage: { put(UInt64($0.count - 64), size: 8, at: 40, in: $0) }, code: .truncated,
               says: "the section header table"),
        // The elf fuzzer's first finding: e_shoff near 2^64 overflowed an addition and trapped.
        Damage(name: "section headers at the top of the address space", damage: { put(UInt64.max - 8, size: 8, at: 40, in: $0) },
               code: .truncated, says: "section header 0 at offset 0xfffffffffffffff7"),
        Damage(name: "a section header of the wrong size", damage: { put(32, size: 2, at: 58, in: $0) }, code: .malformed,
               says: "e_shentsize is 32"),
        Damage(name: "section names in a section that does not exist", damage: { put(999, size: 2, at: 62, in: $0) }, code: .malformed,
               says: "e_shstrndx 999 names no section"),
        Damage(name: "section names that run past the end", damage: { bytes in
            // The names' section's sh_size (offset 32 of its header): far more than the file has.
            let shoff = Int(bytes[40]) | Int(bytes[41]) << 8 | Int(bytes[42]) << 16 | Int(bytes[43]) << 24
            let names = Int(bytes[62]) | Int(bytes[63]) << 8
            return ELFFileTests.put(1 << 40, size: 8, at: shoff + names * 64 + 32, in: bytes)
        }, code: .truncated, says: "the section-name string table at offset"),
    ]

    @Test("a damaged file fails with an error that says what and where", arguments: damages)
    func damaged(_ damage: Damage) throws {
        let bytes = damage.damage(Array(try Data(contentsOf: Self.executable)))
        let error = try #require(throws: ELFError.self) { try ELFFile(bytes: bytes, path: "damaged") }
        #expect(error.code == damage.code, "\(error)")
        #expect(error.message.hasPrefix("damaged: "), "\(error)")
        #expect(error.message.contains(damage.says), "\(error)")
    }

    @Test("every prefix of a real executable reads or fails cleanly")
    func everyPrefix() throws {
        let bytes = Array(try Data(contentsOf: Self.executable))
        var failures = 0
        for length in stride(from: 0, to: bytes.count, by: 7) {
            do {
                let image = try ELFFile(bytes: Array(bytes.prefix(length)), path: "prefix")
                _ = try? image.symbols(.full)
            } catch {
                failures += 1
            }
        }
        // The section headers are at the end of the file: every cut before them fails.
        #expect(failures > bytes.count / 7 / 2)
    }
}
