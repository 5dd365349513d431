// libFuzzer target for the property-list readers: `xml-plist` and `binary-plist` are this
// file built twice (Fuzz/run.sh), the binary one with -D FUZZ_BINARY, which puts the
// `bplist00` magic in front of every input, so that each target spends its executions on
// its own reader.
//
// For every input: read it with the document reader under the default limits. If it reads,
// write the tree as a binary property list, read that back, and require the same tree
// (duplicate keys resolved as the writer resolves them; NaN equal to NaN); for XML input,
// write it as XML again and require that to read too. A crash, a hang, a refusal of our own output or a changed
// tree is a finding.

import Foundation
import PropertyLists

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Data(UnsafeBufferPointer(start: data, count: size))
    #if FUZZ_BINARY
    bytes = Data("bplist00".utf8) + bytes
    #endif
    guard let document = try? PropertyListDocument.parse(bytes, fileName: "input") else { return 0 }
    let tree = document.root
    let binary: Data
    do {
        binary = try tree.binaryData()
    } catch {
        // Only a tree deeper than the writers take may be refused.
        if error.code == .tooDeep { return 0 }
        fatalError("a tree that was read cannot be written: \(error)")
    }
    let again: PropertyListDocument
    do {
        again = try PropertyListDocument.parse(binary, fileName: "written")
    } catch {
        fatalError("our own binary output does not read: \(error)\n  input: \(bytes as NSData)")
    }
    if !again.root.isEqualIgnoringPositions(tree.withDuplicateKeysResolved.withoutPositions) {
        fatalError("the binary round trip changed the tree\n  input: \(bytes as NSData)")
    }
    #if !FUZZ_BINARY
    // (A binary list's strings may hold characters XML cannot: only what XML gave is checked.)
    do {
        _ = try PropertyListDocument.parse(tree.xmlData(), fileName: "written.xml")
    } catch {
        fatalError("our own XML output does not read: \(error)\n  input: \(bytes as NSData)")
    }
    #endif
    return 0
}
