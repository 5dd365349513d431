import ExtensionManifest
import Foundation
import Testing

/// A key written twice in one dictionary counts as CoreFoundation reads it: the last value
/// in an XML list, the first in a binary one (its binary reader keeps the first; found by
/// the fuzz corpora's differential, docs/FIDELITY.md).
@Suite("Repeated keys, by format")
struct DuplicateKeyFormatTests {
    /// The two point identifiers, in the order written.
    static let written = ["com.apple.share-services", "com.apple.widget-extension"]

    /// An Info.plist whose NSExtension names its point twice, in XML.
    static var xml: Data {
        Data(infoPlist("""
            <key>NSExtensionPointIdentifier</key><string>\(written[0])</string>
            <key>NSExtensionPointIdentifier</key><string>\(written[1])</string>
            """).utf8)
    }

    /// The same in binary, written by hand (Appex's writer writes a key once).
    static var binary: Data {
        func string(_ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            return (bytes.count < 15 ? [0x50 | UInt8(bytes.count)] : [0x5F, 0x10, UInt8(bytes.count)]) + bytes
        }
        let objects: [[UInt8]] = [
            [0xD2, 1, 3, 2, 4],                              // the root: two keys, two values
            string("CFBundleIdentifier"), string("com.example.app.share"),
            string("NSExtension"),
            [0xD2, 5, 5, 6, 7],                              // NSExtension: one key twice
            string("NSExtensionPointIdentifier"), string(written[0]), string(written[1]),
        ]
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(bytes.count))
            bytes += object
        }
        let table = bytes.count
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [UInt64(objects.count), 0, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * $0)) }
        }
        return Data(bytes)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let format: String
        let data: Data
        let counted: String
        let says: String
        var testDescription: String { format }
    }

    static let cases = [
        Case(format: "XML", data: xml, counted: written[1], says: "the last one counts"),
        Case(format: "binary", data: binary, counted: written[0], says: "the first one counts (CoreFoundation's binary reader keeps the first)"),
    ]

    @Test("the value CoreFoundation keeps is the one Appex reads, and the warning says which", arguments: cases)
    func countedAsCoreFoundationReadsIt(_ c: Case) throws {
        // CoreFoundation's own reading, as the reference.
        let object = try #require(try PropertyListSerialization.propertyList(from: c.data, format: nil) as? [String: Any])
        #expect((object["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String == c.counted)
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("Info.plist")
            try c.data.write(to: url)
            let loaded = try ManifestLoader().load(url.path)
            #expect(loaded.extensions.first?.declaration?.pointIdentifier == c.counted)
            let warning = try #require(loaded.diagnostics.first { $0.code == .plistDuplicateKey })
            #expect(warning.message.hasSuffix(c.says), "\(warning.message)")
        }
    }
}
