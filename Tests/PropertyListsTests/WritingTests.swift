import Foundation
import PropertyLists
import Testing

/// The writers: Apple's XML layout, and output that Foundation and our reader read back.
@Suite("Writing")
struct WritingTests {
    @Test("XML in Apple's layout")
    func xmlLayout() throws {
        let node = PropertyListNode(entries: [
            "a": [1, 2.5, true, "x<&>\"'", PropertyListNode(.data(Data([0, 1, 2]))), PropertyListNode(.real(.nan)),
                  PropertyListNode(.real(-.infinity)), PropertyListNode(.dictionary([:])), []],
            "d": PropertyListNode(.date(Date(timeIntervalSinceReferenceDate: 0.5))),
            "e": "",
        ])
        let expected = Support.header + """
            <dict>
            \t<key>a</key>
            \t<array>
            \t\t<integer>1</integer>
            \t\t<real>2.5</real>
            \t\t<true/>
            \t\t<string>x&lt;&amp;&gt;"'</string>
            \t\t<data>
            \t\tAAEC
            \t\t</data>
            \t\t<real>nan</real>
            \t\t<real>-infinity</real>
            \t\t<dict/>
            \t\t<array/>
            \t</array>
            \t<key>d</key>
            \t<date>2001-01-01T00:00:00Z</date>
            \t<key>e</key>
            \t<string></string>
            </dict>
            </plist>

            """
        #expect(String(decoding: node.xmlData(), as: UTF8.self) == expected)
    }

    @Test("long data is wrapped like Foundation's")
    func dataLines() throws {
        let object: [String: Any] = ["b": Data(repeating: 9, count: 100), "a": [Data(repeating: 7, count: 100)]]
        let node = try PropertyListNode(foundationObject: object)
        let foundation = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(String(decoding: node.xmlData(), as: UTF8.self) == String(decoding: foundation, as: UTF8.self))
    }

    static let trees: [PropertyListNode] = [
        "just a string",
        PropertyListNode(.integer(.min)),
        [PropertyListNode(.real(0.1)), PropertyListNode(.real(1e-300)), PropertyListNode(.real(-0.0)),
         PropertyListNode(.real(.greatestFiniteMagnitude))],
        PropertyListNode(entries: ["nested": [PropertyListNode(entries: ["deeper": [[["x"]]]])], "🔑 &<>": "v\r\nw"]),
        PropertyListNode(.date(Date(timeIntervalSince1970: -86_400 * 365 * 100))),
        BinaryReadingTests.sample,
        // The last object starts before byte 256 and the offset table after it: offsets of 1
        // byte cannot reach the table, which CoreFoundation refuses (the writer sized them by
        // the last object until the fuzz corpora's differential found the rule).
        [PropertyListNode(.string(String(repeating: "a", count: 200))), PropertyListNode(.string(String(repeating: "b", count: 60)))],
    ]

    @Test("XML round trips through our reader and Foundation", arguments: trees)
    func xmlRoundTrip(_ tree: PropertyListNode) throws {
        let data = tree.xmlData()
        #expect(try PropertyListDocument.parse(data, fileName: "x.plist").root.isEqualIgnoringPositions(tree.wholeSeconds))
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(try PropertyListNode(foundationObject: object)
            .isEqualIgnoringPositions(Support.foundationView(tree.wholeSeconds)))
    }

    @Test("binary round trips through our reader and Foundation", arguments: trees)
    func binaryRoundTrip(_ tree: PropertyListNode) throws {
        let data = try tree.binaryData()
        #expect(try PropertyListDocument.parse(data, fileName: "x.plist").root.isEqualIgnoringPositions(tree))
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(try PropertyListNode(foundationObject: object).isEqualIgnoringPositions(Support.foundationView(tree)))
    }

    @Test("binary writes a repeated key once, with its last value")
    func duplicateKeysInBinary() throws {
        let tree = try Support.parse("<dict><key>k</key><integer>1</integer><key>j</key><true/><key>k</key><integer>2</integer></dict>")
        #expect(tree.dictionary?.duplicateKeys.map(\.key) == ["k"])
        let back = try PropertyListDocument.parse(tree.binaryData(), fileName: "x").root
        #expect(back.isEqualIgnoringPositions(PropertyListNode(entries: ["k": 2, "j": true])))
        #expect(back.isEqualIgnoringPositions(tree.withDuplicateKeysResolved))
    }

    @Test("binary refuses trees deeper than the writing limit")
    func deepTree() throws {
        var tree: PropertyListNode = []
        for _ in 0..<PropertyListNode.maxWritingDepth { tree = [tree] }
        let error = try #require(throws: PropertyListError.self) { try tree.binaryData() }
        #expect(error.code == .tooDeep)
        #expect(error.description == "error: cannot write a tree deeper than 512 levels")
    }
}

extension PropertyListNode {
    /// The tree with dates truncated to whole seconds, as XML keeps them.
    var wholeSeconds: PropertyListNode {
        switch value {
        case .date(let date):
            return PropertyListNode(.date(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))))
        case .array(let elements):
            return PropertyListNode(.array(elements.map(\.wholeSeconds)))
        case .dictionary(let dictionary):
            return PropertyListNode(.dictionary(PropertyListDictionary(dictionary.entries.map {
                .init(key: $0.key, node: $0.node.wholeSeconds)
            })))
        default:
            return self
        }
    }
}
