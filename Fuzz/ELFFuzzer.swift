// libFuzzer target for ELFFormat (`elf`): a bundle's executables and framework libraries,
// as `appex lint` and `appex install` read them (docs/BUNDLES.md).
//
// The input is the file's bytes. It is read as an ELFFile; when it reads, both symbol tables
// are read and searched for an unavailable module's mangled name, as the lint does. A crash,
// a hang, or an unbounded allocation is a finding: every offset, count and string comes from
// the input, so each must be checked before it is used. The seeds, Fuzz/seeds-elf/, are small
// real binaries (an executable, a shared library); libFuzzer cuts and damages them itself.

import ELFFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let image = try? ELFFile(bytes: bytes, path: "input") else { return 0 }
    _ = image.neededLibraries.count + image.runPath.count + image.rPath.count + (image.soName?.count ?? 0)
    for table in [ELFFile.SymbolTable.dynamic, .full] {
        _ = try? image.symbols(table)
        _ = try? image.symbolNames(in: table, containing: "13ExtensionHost")
    }
    return 0
}
