import Foundation
@testable import PropertyLists
import Testing

/// Appex's reader against Foundation's `PropertyListSerialization` on the edges where they
/// once disagreed (docs/FIDELITY.md): both must accept or both refuse, and agree on the value.
/// Foundation on Linux reads property lists with CoreFoundation's parser, as iOS does.
@Suite("Reads as Foundation reads")
struct FoundationDifferentialTests {
    /// The bodies of XML documents: `<plist version="1.0">BODY</plist>`.
    static let xmlBodies: [String] = [
        // Integers: whitespace before the sign and after it, none after the digits; a sign;
        // hexadecimal; up to UInt64.max, down to Int64.min.
        "<integer>3</integer>", "<integer> 3</integer>", "<integer>\t3</integer>", "<integer>3 </integer>", "<integer> 3 </integer>",
        "<integer>+3</integer>", "<integer>- 3</integer>", "<integer>+ 3</integer>", "<integer>-</integer>", "<integer>+</integer>",
        "<integer></integer>", "<integer>3.5</integer>", "<integer>1 2</integer>", "<integer>010</integer>",
        "<integer>0x10</integer>", "<integer>-0x10</integer>", "<integer>- 0x10</integer>", "<integer>0x 10</integer>", "<integer>0x</integer>",
        "<integer>0xFFFFFFFFFFFFFFFF</integer>", "<integer>-0x8000000000000000</integer>",
        "<integer>9223372036854775807</integer>", "<integer>9223372036854775808</integer>",
        "<integer>18446744073709551615</integer>", "<integer>18446744073709551616</integer>",
        "<integer>-9223372036854775808</integer>", "<integer>-9223372036854775809</integer>", "<integer>-18446744073709551615</integer>",
        // Reals: CoreFoundation's special words, decimal only, whitespace before only.
        "<real>2.5</real>", "<real> 2.5</real>", "<real>2.5 </real>", "<real>+2.5</real>", "<real>+ 2.5</real>", "<real>-2.5</real>",
        "<real>.5</real>", "<real>5.</real>", "<real>.</real>", "<real>1e3</real>", "<real>1E+3</real>", "<real>1e-3</real>", "<real>1e</real>",
        "<real>0x1p3</real>", "<real>0x10</real>", "<real>nan</real>", "<real>NaN</real>", "<real>-nan</real>", "<real>inf</real>",
        "<real>INF</real>", "<real>+inf</real>", "<real>-inf</real>", "<real>infinity</real>", "<real>-Infinity</real>", "<real>+INFINITY</real>",
        "<real>1_0</real>", "<real></real>", "<real>3</real>", "<real>1e400</real>",
        // Dates: CoreFoundation's form, and its carrying of out-of-range fields.
        "<date>2024-01-31T12:00:00Z</date>", "<date>2024-02-30T00:00:00Z</date>", "<date>2024-13-01T00:00:00Z</date>",
        "<date>2023-13-01T00:00:00Z</date>", "<date>2024-14-01T00:00:00Z</date>", "<date>2024-99-01T00:00:00Z</date>",
        "<date>2024-00-01T00:00:00Z</date>", "<date>2024-01-00T00:00:00Z</date>", "<date>2024-01-01T25:00:00Z</date>",
        "<date>2024-01-01T00:61:00Z</date>", "<date>2024-01-01T00:00:60Z</date>", "<date>2024-99-99T99:99:99Z</date>",
        "<date>0000-01-01T00:00:00Z</date>", "<date>0001-01-01T00:00:00Z</date>", "<date>-0001-01-01T00:00:00Z</date>",
        "<date>-0004-03-01T00:00:00Z</date>", "<date>0100-03-01T00:00:00Z</date>", "<date>1582-10-10T00:00:00Z</date>",
        "<date>1900-02-29T00:00:00Z</date>", "<date>2000-02-29T00:00:00Z</date>", "<date>24-01-01T00:00:00Z</date>",
        "<date>1-01-01T00:00:00Z</date>", "<date>99999-01-01T00:00:00Z</date>", "<date>+2024-01-01T00:00:00Z</date>",
        "<date>2024-01-01</date>", "<date>2024-01-01T00:00:00</date>", "<date> 2024-01-01T00:00:00Z</date>",
        "<date>2024-1-1T0:0:0Z</date>", "<date>2024-01-01T00:00:00.5Z</date>", "<date>2024-01-01T00:00:00+01:00</date>",
        "<date>2024-01-01T00:00:00z</date>", "<date>2024-01-01T00:00:00Zjunk</date>",
    ]

    @Test("XML scalars: accepted and refused as Foundation does, with Foundation's value", arguments: xmlBodies)
    func xmlScalar(_ body: String) throws {
        try Support.agreeWithFoundation(Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\(body)</plist>".utf8),
                                        name: body)
    }

    static let doctypes: [(String, String)] = [
        ("Apple's DOCTYPE", #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#),
        ("an internal subset", #"<!DOCTYPE plist [ <!ENTITY x "y"> ]>"#),
        ("an internal subset after the public ID", #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x.dtd" [ ]>"#),
        ("a bracket inside a quoted literal", #"<!DOCTYPE plist PUBLIC "-//A[B//EN" "x.dtd">"#),
        ("a > inside a quoted literal", #"<!DOCTYPE plist PUBLIC "-//A>B//EN" "x.dtd">"#),
    ]

    @Test("DOCTYPE: an internal subset is refused, as Foundation refuses it", arguments: doctypes.map(\.0))
    func doctype(_ name: String) throws {
        let doctype = try #require(Self.doctypes.first { $0.0 == name }?.1)
        try Support.agreeWithFoundation(Data("<?xml version=\"1.0\"?>\n\(doctype)\n<plist version=\"1.0\"><string>a</string></plist>".utf8),
                                        name: name)
    }

    /// Every property list in the package: the corpus, every fixture, the examples' bundles.
    static let packageFiles: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var found: [String] = []
        for top in ["Tests", "Examples"] {
            let folder = root.appendingPathComponent(top)
            guard let walk = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let path as String in walk where path.hasSuffix(".plist") || path.hasSuffix(".bplist") {
                found.append(top + "/" + path)
            }
        }
        return found.sorted()
    }()

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test("there are package property lists to compare, as many as docs/FIDELITY.md says, and edge cases too")
    func packageFilesPresent() throws {
        #expect(Self.packageFiles.count > 100, "\(Self.packageFiles.count) files")
        let fidelity = try FidelityCountsTests.flatDocument()
        let files = Self.packageFiles.count, scalars = Self.xmlBodies.count, doctypes = Self.doctypes.count
        #expect(fidelity.contains("the examples' bundles: \(files) files"), "FIDELITY.md should say \(files) files")
        #expect(fidelity.contains("a table of \(scalars + doctypes) edge cases (\(scalars) scalars, \(doctypes) DOCTYPEs)"),
                "FIDELITY.md should say \(scalars + doctypes) edge cases (\(scalars) scalars, \(doctypes) DOCTYPEs)")
    }

    /// Files on which Appex differs on purpose (docs/FIDELITY.md): Foundation reads them,
    /// Appex refuses them, for the reason given.
    static let deliberateDifferences: [String: String] = [
        "Tests/PropertyListsTests/Fixtures/bad-base64.plist":
            "a character outside base64 in <data>: CoreFoundation skips it and decodes other bytes; Appex reports it",
    ]

    @Test("every property list in the package: Appex and Foundation agree on accepting it and on its value",
          arguments: packageFiles)
    func packageFile(_ path: String) throws {
        let data = try Data(contentsOf: Self.packageRoot.appendingPathComponent(path))
        if let reason = Self.deliberateDifferences[path] {
            #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) != nil, "Foundation reads it (\(reason))")
            #expect(throws: PropertyListError.self, "Appex refuses it (\(reason))") {
                try PropertyListDocument.parse(data, fileName: path)
            }
            return
        }
        try Support.agreeWithFoundation(data, name: path)
    }
}
