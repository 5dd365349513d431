import Foundation
import PropertyLists
import Testing

/// Valid XML property lists: every construct of the format, and the positions of values.
@Suite("XML reading")
struct XMLReadingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: String
        var expected: PropertyListNode
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "string", xml: "<plist><string>hi</string></plist>", expected: "hi"),
        Case(name: "empty string element", xml: "<plist><string/></plist>", expected: ""),
        Case(name: "empty string pair", xml: "<plist><string></string></plist>", expected: ""),
        // Where a value stands, CoreFoundation reads a <key> as a <string>.
        Case(name: "key in an array", xml: "<plist><array><key>a</key></array></plist>", expected: ["a"]),
        Case(name: "key at the top", xml: "<plist><key>a</key></plist>", expected: "a"),
        Case(name: "key as a dictionary's value", xml: "<plist><dict><key>a</key><key>b</key></dict></plist>",
             expected: PropertyListNode(entries: ["a": "b"])),
        Case(name: "predefined entities", xml: "<plist><string>&lt;&gt;&amp;&quot;&apos;</string></plist>",
             expected: "<>&\"'"),
        Case(name: "character references", xml: "<plist><string>&#60;&#x3C;&#x1F600;</string></plist>",
             expected: "<<😀"),
        Case(name: "CDATA", xml: "<plist><string>a<![CDATA[<b>&amp;]]>c</string></plist>", expected: "a<b>&amp;c"),
        Case(name: "whitespace kept in strings", xml: "<plist><string> a\r\n\tb </string></plist>",
             expected: " a\r\n\tb "),
        Case(name: "non-ASCII", xml: "<plist><string>Grüße, 日本</string></plist>", expected: "Grüße, 日本"),
        Case(name: "integer", xml: "<plist><integer>42</integer></plist>", expected: 42),
        Case(name: "signed integers", xml: "<plist><array><integer>-7</integer><integer>+7</integer></array></plist>",
             expected: [-7, 7]),
        Case(name: "hexadecimal integers", xml: "<plist><array><integer>0x1F</integer><integer>-0x10</integer></array></plist>",
             expected: [31, -16]),
        Case(name: "integer limits",
             xml: "<plist><array><integer>9223372036854775807</integer><integer>-9223372036854775808</integer></array></plist>",
             expected: [PropertyListNode(.integer(.max)), PropertyListNode(.integer(.min))]),
        Case(name: "reals", xml: "<plist><array><real>1.5</real><real>-2e3</real><real>3</real></array></plist>",
             expected: [1.5, -2000.0, 3.0]),
        Case(name: "infinite reals",
             xml: "<plist><array><real>+infinity</real><real>-infinity</real><real>inf</real></array></plist>",
             expected: [PropertyListNode(.real(.infinity)), PropertyListNode(.real(-.infinity)), PropertyListNode(.real(.infinity))]),
        Case(name: "not a number", xml: "<plist><real>nan</real></plist>", expected: PropertyListNode(.real(.nan))),
        Case(name: "booleans", xml: "<plist><array><true/><false/><true></true></array></plist>", expected: [true, false, true]),
        Case(name: "date", xml: "<plist><date>2024-01-31T12:00:00Z</date></plist>",
             expected: PropertyListNode(.date(Date(timeIntervalSince1970: 1_706_702_400)))),
        Case(name: "date before 1970", xml: "<plist><date>1969-12-31T23:59:59Z</date></plist>",
             expected: PropertyListNode(.date(Date(timeIntervalSince1970: -1)))),
        Case(name: "data with whitespace", xml: "<plist><data>\n\tAAEC\n\tAw==\n</data></plist>",
             expected: PropertyListNode(.data(Data([0, 1, 2, 3])))),
        Case(name: "empty data", xml: "<plist><data></data></plist>", expected: PropertyListNode(.data(Data()))),
        Case(name: "padded base64", xml: "<plist><data>aGVsbG8g\nd29ybGQhIQ==</data></plist>",
             expected: PropertyListNode(.data(Data("hello world!!".utf8)))),
        Case(name: "empty containers", xml: "<plist><array><dict/><array/><dict></dict></array></plist>",
             expected: [PropertyListNode(.dictionary([:])), [], PropertyListNode(.dictionary([:]))]),
        Case(name: "dictionary order",
             xml: "<plist><dict><key>b</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>",
             expected: PropertyListNode(entries: ["b": 1, "a": 2])),
        Case(name: "bare root without plist", xml: "<dict><key>k</key><string>v</string></dict>",
             expected: PropertyListNode(entries: ["k": "v"])),
        Case(name: "comments and processing instructions everywhere",
             xml: "<?xml version=\"1.0\"?><!-- a --><?pi x?><plist><!-- b --><array><!-- <string> --><integer>1</integer><?pi?></array></plist><!-- c -->",
             expected: [1]),
        Case(name: "attributes, quoted '>' inside", xml: "<plist version=\"1.0\" x='a>b'><string a=\"1\">s</string></plist>",
             expected: "s"),
        Case(name: "UTF-8 byte-order mark", xml: "\u{FEFF}<plist><string>x</string></plist>", expected: "x"),
        Case(name: "end tags with whitespace", xml: "<plist ><string >x</string ></plist >", expected: "x"),
    ]

    @Test("reads", arguments: cases)
    func reads(_ testCase: Case) throws {
        let node = try Support.parse(testCase.xml)
        #expect(node.isEqualIgnoringPositions(testCase.expected))
    }

    @Test("positions of values and keys")
    func positions() throws {
        let xml = Support.header + """
            <dict>
            \t<key>Name</key>
            \t<string>Grüße</string>
            \t<key>List</key>
            \t<array>
            \t\t<integer>1</integer>\t<true/>
            \t</array>
            </dict>
            </plist>
            """
        let document = try PropertyListDocument.parse(Data(xml.utf8), fileName: "Info.plist")
        let root = try #require(document.root.dictionary)
        #expect(document.root.position?.description == "4:1")
        #expect(root.entry(forKey: "Name")?.keyPosition == SourcePosition(line: 5, column: 2, offset: 172))
        #expect(root["Name"]?.position?.description == "6:2")
        let list = try #require(root["List"]?.array)
        #expect(list.map { $0.position?.description } == ["9:3", "9:24"])
        #expect(document.sourceLine(6) == "\t<string>Grüße</string>")
        #expect(document.sourceLine(12) == "</plist>")
        #expect(document.sourceLine(13) == nil)
    }

    @Test("columns count Unicode scalars")
    func columnsCountScalars() throws {
        let node = try Support.parse("<plist><array><string>日本</string><true/></array></plist>")
        #expect(node.array?.last?.position == SourcePosition(line: 1, column: 34, offset: 37))
    }

    @Test("UTF-16 with a byte-order mark", arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian])
    func utf16(_ encoding: String.Encoding) throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist><string>Grüße</string></plist>"
        let bom: [UInt8] = encoding == .utf16BigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        let data = Data(bom) + (try #require(text.data(using: encoding)))
        let document = try PropertyListDocument.parse(data, fileName: "x.plist")
        #expect(document.root.string == "Grüße")
        #expect(document.root.position?.description == "2:8")
    }

    @Test("binary is sniffed")
    func binarySniffed() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        let document = try PropertyListDocument.parse(data, fileName: "x.plist")
        #expect(document.format == .binary)
        #expect(document.root.dictionary?["a"]?.integer == 1)
        #expect(document.root.position == nil)
        #expect(document.sourceLine(1) == nil)
    }

    @Test("key paths describe themselves")
    func keyPaths() {
        let path: PropertyListKeyPath = ["UTExportedTypeDeclarations", 0, "UTTypeConformsTo", 1]
        #expect(path.description == "UTExportedTypeDeclarations[0].UTTypeConformsTo[1]")
        #expect(PropertyListKeyPath.root.description == "the root")
        #expect(PropertyListKeyPath.root.appending("NSExtension").appending("NSExtensionAttributes").description
                == "NSExtension.NSExtensionAttributes")
        #expect(PropertyListKeyPath.root.appending(index: 2).description == "[2]")
    }

    @Test("lookups by key path and kind descriptions")
    func lookups() throws {
        let node = try Support.parse("<dict><key>a</key><array><integer>1</integer><real>2</real></array></dict>")
        #expect(node[keyPath: ["a", 1]]?.real == 2)
        #expect(node[keyPath: ["a", 2]] == nil)
        #expect(node[keyPath: ["b"]] == nil)
        #expect(node.kindDescription == "a dictionary")
        #expect(node[keyPath: ["a", 0]]?.kindDescription == "an integer")
    }
}
