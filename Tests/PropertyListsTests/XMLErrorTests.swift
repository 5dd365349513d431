import Foundation
import PropertyLists
import Testing

/// Malformed XML property lists: each error's code, position, key path and message.
@Suite("XML errors")
struct XMLErrorTests {
    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var code: PropertyListError.Code
        var position: String?
        var keyPath: PropertyListKeyPath?
        var message: String
        var testDescription: String { file }
    }

    static let fixtures: [FixtureCase] = [
        FixtureCase(file: "truncated.plist", code: .truncated, position: "11:1", keyPath: ["NSExtension"],
                    message: "unexpected end of file inside <dict> opened at 8:2"),
        // Its root <key> reads as a string, as CoreFoundation reads it; the <string> after it is a second root.
        FixtureCase(file: "wrong-root.plist", code: .unexpectedElement, position: "5:2", keyPath: nil,
                    message: "<plist> may contain only one value; found a second: <string> (the first is a <key> outside "
                        + "any <dict>, which reads as a string, as on iOS; is the <dict> around the keys missing?)"),
        FixtureCase(file: "mismatched-tag.plist", code: .malformedXML, position: "10:25",
                    keyPath: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationRule"],
                    message: "expected </string> to close <string> opened at 10:4, found </strin>"),
        FixtureCase(file: "bad-integer.plist", code: .invalidValue, position: "10:13",
                    keyPath: ["NSExtension", "NSExtensionAttributes", "NSExtensionActivationSupportsImageWithMaxCount"],
                    message: "invalid integer '1O'; expected decimal digits with an optional sign, or 0x and "
                        + "hexadecimal digits, with nothing after them"),
        FixtureCase(file: "bad-base64.plist", code: .invalidValue, position: "11:11", keyPath: ["Icons", 1],
                    message: "invalid base64 in <data>: unexpected '*'"),
        FixtureCase(file: "bad-date.plist", code: .invalidValue, position: "6:8", keyPath: ["Released"],
                    message: "invalid date '2024-02-30 12:00:00Z'; expected ISO 8601 in UTC such as 2024-01-31T12:00:00Z"),
        FixtureCase(file: "bad-offsets.bplist", code: .invalidBinary, position: nil, keyPath: ["a"],
                    message: "object 2 has offset 240, outside the object area (bytes 8 to 14)"),
        FixtureCase(file: "self-reference.bplist", code: .invalidBinary, position: nil, keyPath: ["items", 0],
                    message: "reference cycle: object 2 contains itself"),
    ]

    @Test("fixtures", arguments: fixtures)
    func fixture(_ expected: FixtureCase) throws {
        let url = try Support.fixture(expected.file)
        let error = try #require(throws: PropertyListError.self) { try PropertyListDocument.read(contentsOf: url) }
        #expect(error.code == expected.code)
        #expect(error.position?.description == expected.position)
        #expect(error.keyPath == expected.keyPath)
        #expect(error.message == expected.message)
        #expect(error.fileName == expected.file)
        #expect((error.sourceLine != nil) == (expected.position != nil))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: String
        var code: PropertyListError.Code
        var position: String
        var keyPath: PropertyListKeyPath?
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown element", xml: "<plist><dict><key>a</key><strng>x</strng></dict></plist>",
             code: .unexpectedElement, position: "1:26", keyPath: ["a"], message: "unknown element <strng>"),
        Case(name: "key without value", xml: "<plist><dict><key>a</key></dict></plist>", code: .unexpectedElement,
             position: "1:26", keyPath: ["a"],
             message: "a <key> must be followed by a value in a <dict>: the <key> 'a' at 1:14 is followed by </dict>"),
        // The second <key> is a's value, as CoreFoundation reads it; then <true/> stands where a key must.
        Case(name: "two keys", xml: "<plist><dict><key>a</key><key>b</key><true/></dict></plist>",
             code: .unexpectedElement, position: "1:38", keyPath: .root,
             message: "expected <key> or </dict> in a <dict>, found <true>"),
        Case(name: "value without key", xml: "<plist><dict><string>x</string></dict></plist>", code: .unexpectedElement,
             position: "1:14", keyPath: .root, message: "expected <key> or </dict> in a <dict>, found <string>"),
        Case(name: "text in a dictionary", xml: "<plist><dict>oops</dict></plist>", code: .malformedXML,
             position: "1:14", keyPath: .root, message: "unexpected text 'oops' inside <dict>; expected <key>"),
        Case(name: "two root values", xml: "<plist><true/><false/></plist>", code: .unexpectedElement,
             position: "1:15", keyPath: nil, message: "<plist> may contain only one value; found a second: <false>"),
        Case(name: "empty plist", xml: "<plist></plist>", code: .unexpectedElement, position: "1:8", keyPath: .root,
             message: "<plist> is empty; expected a value inside it"),
        Case(name: "truncated in a string", xml: "<plist><array><string>abc", code: .truncated, position: "1:26",
             keyPath: [0], message: "unexpected end of file inside <string> opened at 1:15"),
        Case(name: "truncated in a tag", xml: "<plist><array><str", code: .truncated, position: "1:19",
             keyPath: [0], message: "unexpected end of file inside the tag <str> started at 1:15"),
        Case(name: "truncated in a comment", xml: "<plist><!-- x", code: .truncated, position: "1:14", keyPath: .root,
             message: "unexpected end of file inside a comment started at 1:8"),
        Case(name: "integer too large", xml: "<plist><integer>18446744073709551616</integer></plist>",
             code: .invalidValue, position: "1:17", keyPath: .root,
             message: "integer '18446744073709551616' is out of range; property-list integers go "
                + "from -9223372036854775808 to 18446744073709551615"),
        Case(name: "integer too small", xml: "<plist><integer>-9223372036854775809</integer></plist>",
             code: .invalidValue, position: "1:17", keyPath: .root,
             message: "integer '-9223372036854775809' is out of range; property-list integers go "
                + "from -9223372036854775808 to 18446744073709551615"),
        Case(name: "empty integer", xml: "<plist><integer/></plist>", code: .invalidValue, position: "1:8",
             keyPath: .root, message: "empty <integer>"),
        // The fuzz corpora's differential (FuzzCorpusDifferentialTests) found these three:
        // CoreFoundation refuses the first, and drops the unpadded groups without a word.
        Case(name: "empty data element", xml: "<plist><data/></plist>", code: .invalidValue, position: "1:8",
             keyPath: .root, message: "an empty <data/> element, which CoreFoundation refuses; write <data></data>"),
        Case(name: "base64 group of 3 without padding", xml: "<plist><data>aGk</data></plist>", code: .invalidValue,
             position: "1:14", keyPath: .root,
             message: "invalid base64 in <data>: its last group has 3 characters and is not padded to 4 with '='; "
                + "CoreFoundation drops such a group, so on iOS the data ends 2 bytes sooner"),
        Case(name: "base64 group of 2 with one '='", xml: "<plist><data>aGVsbG8gd29ybGQhIQ= </data></plist>",
             code: .invalidValue, position: "1:14", keyPath: .root,
             message: "invalid base64 in <data>: its last group has 2 characters and is not padded to 4 with '='; "
                + "CoreFoundation drops such a group, so on iOS the data ends 1 byte sooner"),
        Case(name: "whitespace after an integer", xml: "<plist><integer>1 </integer></plist>", code: .invalidValue,
             position: "1:17", keyPath: .root,
             message: "invalid integer '1 '; expected decimal digits with an optional sign, or 0x and hexadecimal digits, "
                + "with nothing after them"),
        Case(name: "doctype with internal subset", xml: "<!DOCTYPE plist [ <!ENTITY x \"y>\"> ]><plist><true/></plist>",
             code: .malformedXML, position: "1:17", keyPath: nil,
             message: "an internal DTD subset ('[' in <!DOCTYPE>) is not allowed in a property list"),
        Case(name: "bad real", xml: "<plist><real>1.2.3</real></plist>", code: .invalidValue, position: "1:14",
             keyPath: .root, message: "invalid real number '1.2.3'"),
        Case(name: "date without zone", xml: "<plist><date>2024-01-31T12:00:00</date></plist>", code: .invalidValue,
             position: "1:14", keyPath: .root,
             message: "invalid date '2024-01-31T12:00:00'; expected ISO 8601 in UTC such as 2024-01-31T12:00:00Z"),
        Case(name: "content in a boolean", xml: "<plist><true>yes</true></plist>", code: .invalidValue,
             position: "1:14", keyPath: .root, message: "<true> must be empty, as in <true/>; found 'yes'"),
        Case(name: "unknown entity", xml: "<plist><string>&nbsp;</string></plist>", code: .malformedXML,
             position: "1:16", keyPath: .root, message: "unknown entity '&nbsp;'"),
        Case(name: "bare ampersand", xml: "<plist><string>a & b</string></plist>", code: .malformedXML,
             position: "1:18", keyPath: .root, message: "'&' must start a reference such as &amp; or &#60;"),
        Case(name: "invalid character reference", xml: "<plist><string>&#xD800;</string></plist>",
             code: .malformedXML, position: "1:16", keyPath: .root, message: "invalid character reference '&#xD800;'"),
        Case(name: "element in a string", xml: "<plist><string>a<b>c</b></string></plist>", code: .unexpectedElement,
             position: "1:17", keyPath: .root, message: "unexpected element <b> inside <string>; expected </string>"),
        Case(name: "comment in a string", xml: "<plist><string>a<!-- c --></string></plist>", code: .malformedXML,
             position: "1:17", keyPath: .root, message: "a comment cannot appear inside <string>"),
        Case(name: "close without open", xml: "<plist><true/></plist></dict>", code: .malformedXML,
             position: "1:23", keyPath: .root, message: "unexpected </dict> with no element open"),
        Case(name: "mismatched container", xml: "<plist><array><true/></dict></plist>", code: .malformedXML,
             position: "1:22", keyPath: .root, message: "expected </array> to close <array> opened at 1:8, found </dict>"),
        Case(name: "nested plist", xml: "<plist><array><plist/></array></plist>", code: .unexpectedElement,
             position: "1:15", keyPath: [0], message: "<plist> may only be the root element"),
        Case(name: "text after the root", xml: "<plist><true/></plist> x", code: .malformedXML, position: "1:24",
             keyPath: .root, message: "unexpected text 'x' outside the root element"),
        Case(name: "no root", xml: "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", code: .truncated, position: "3:1",
             keyPath: nil, message: "the file has no property-list element"),
        Case(name: "Latin-1 declared", xml: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><true/></plist>",
             code: .unsupportedFormat, position: "1:1", keyPath: nil,
             message: "unsupported encoding 'iso-8859-1'; Appex reads UTF-8, UTF-16 and UTF-32 property lists"),
    ]

    @Test("malformed documents", arguments: cases)
    func malformed(_ expected: Case) throws {
        let error = try #require(Support.error(parsing: Data(expected.xml.utf8)))
        #expect(error.code == expected.code)
        #expect(error.position?.description == expected.position)
        #expect(error.keyPath == expected.keyPath)
        #expect(error.message == expected.message)
    }

    @Test("invalid UTF-8 in a string")
    func invalidUTF8() throws {
        let data = Data("<plist><string>".utf8) + Data([0xFF, 0xFE]) + Data("</string></plist>".utf8)
        let error = try #require(Support.error(parsing: data))
        #expect(error.code == .malformedXML)
        #expect(error.message == "invalid UTF-8 in <string>")
    }

    struct FormatCase: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var message: String
        var testDescription: String { name }
    }

    static let formats: [FormatCase] = [
        FormatCase(name: "empty", bytes: [], message: "the file is empty"),
        FormatCase(name: "whitespace only", bytes: Array(" \n\t".utf8), message: "the file is empty"),
        FormatCase(name: "OpenStep", bytes: Array("{ a = b; }".utf8),
                   message: "not an XML or binary property list (it looks like JSON or OpenStep text, which Appex "
                       + "does not read)"),
        FormatCase(name: "OpenStep string", bytes: Array("\"abc\"".utf8),
                   message: "not an XML or binary property list (it looks like OpenStep (old-style) text, which "
                       + "Appex does not read)"),
        FormatCase(name: "bplist15", bytes: Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40),
                   message: "binary property list version '15' is not supported; Appex reads bplist0x"),
    ]

    @Test("unsupported formats", arguments: formats)
    func unsupportedFormats(_ expected: FormatCase) throws {
        let error = try #require(Support.error(parsing: Data(expected.bytes)))
        #expect(error.code == .unsupportedFormat)
        #expect(error.message == expected.message)
        #expect(error.position == nil)
    }
}
