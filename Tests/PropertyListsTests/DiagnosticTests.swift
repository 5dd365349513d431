import Foundation
import PropertyLists
import Testing

/// The compiler-style rendering of errors, compared as whole strings.
@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("a mismatched tag, with tabs before the caret")
    func mismatchedTag() throws {
        let url = try Support.fixture("mismatched-tag.plist")
        let error = try #require(throws: PropertyListError.self) { try PropertyListDocument.read(contentsOf: url) }
        #expect(error.description == """
            mismatched-tag.plist:10:25: error: expected </string> to close <string> opened at 10:4, found </strin> \
            (at NSExtension.NSExtensionAttributes.NSExtensionActivationRule)
            \t\t\t<string>TRUEPREDICATE</strin>
            \t\t\t                     ^
            """)
    }

    @Test("a long line is cut to a window around the column")
    func longLine() throws {
        let xml = "<plist><array><string>" + String(repeating: "é", count: 300) + "</strong></array></plist>"
        let error = try #require(Support.error(parsing: Data(xml.utf8), fileName: "Long.plist"))
        let window = String(repeating: "é", count: 95)
        #expect(error.description == """
            Long.plist:1:323: error: expected </string> to close <string> opened at 1:15, found </strong> (at [0])
            ...\(window)</strong></array></plist>
            \(String(repeating: " ", count: 98))^
            """)
    }

    @Test("a binary error has no position")
    func binary() throws {
        let url = try Support.fixture("bad-offsets.bplist")
        let error = try #require(throws: PropertyListError.self) { try PropertyListDocument.read(contentsOf: url) }
        #expect(error.description == """
            bad-offsets.bplist: error: object 2 has offset 240, outside the object area (bytes 8 to 14) (at a)
            """)
    }

    @Test("an error built by a caller")
    func callerError() {
        let error = PropertyListError(code: .duplicateKey, message: "duplicate key 'NSExtension'", fileName: "Info.plist",
                                      position: SourcePosition(line: 3, column: 2, offset: 40),
                                      keyPath: ["NSExtension"], sourceLine: "\t<key>NSExtension</key>")
        #expect(error.description == """
            Info.plist:3:2: error: duplicate key 'NSExtension' (at NSExtension)
            \t<key>NSExtension</key>
            \t^
            """)
    }
}
