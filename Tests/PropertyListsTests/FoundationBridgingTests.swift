import Foundation
import PropertyLists
import Testing

/// Conversions to and from Foundation's property-list objects.
@Suite("Foundation bridging")
struct FoundationBridgingTests {
    @Test("booleans, integers and reals stay apart")
    func numberKinds() throws {
        let xml = "<plist><array><true/><integer>1</integer><real>1</real><false/><integer>0</integer></array></plist>"
        let object = try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil)
        let node = try PropertyListNode(foundationObject: object)
        #expect(node.array?.map(\.kindDescription) == ["a boolean", "an integer", "a real number", "a boolean", "an integer"])
    }

    @Test("NSNumber kinds")
    func nsNumbers() throws {
        let objects: [Any] = [NSNumber(value: true), NSNumber(value: 3), NSNumber(value: 2.5), NSNumber(value: Int8(1)),
                              NSNumber(value: UInt64(7)), Float(1.5), UInt8(3)]
        let node = try PropertyListNode(foundationObject: objects)
        #expect(node.isEqualIgnoringPositions([true, 3, 2.5, 1, 7, 1.5, 3]))
    }

    @Test("values with no property-list form", arguments: ["null", "key"])
    func refused(_ kind: String) throws {
        let object: Any = kind == "null" ? [NSNull()] : [1: "one"]
        let error = try #require(throws: PropertyListError.self) { try PropertyListNode(foundationObject: object) }
        #expect(error.code == .invalidValue)
    }

    @Test("integers above Int64.max, as Foundation reads them, come and go as unsigned")
    func unsigned() throws {
        let node = try PropertyListNode(foundationObject: [UInt64.max, NSNumber(value: UInt64(Int64.max) + 1)])
        #expect(node.isEqualIgnoringPositions(PropertyListNode(.array([PropertyListNode(.unsignedInteger(.max)),
                                                                      PropertyListNode(.unsignedInteger(UInt64(Int64.max) + 1))]))))
        let back = try #require(node.foundationObject as? [NSNumber])
        #expect(back.map(\.uint64Value) == [.max, UInt64(Int64.max) + 1])
    }

    @Test("the Foundation object of a tree, duplicates last-wins")
    func toFoundation() throws {
        let tree = try Support.parse("<dict><key>k</key><integer>1</integer><key>k</key><string>2</string></dict>")
        let object = try #require(tree.foundationObject as? [String: Any])
        #expect(object["k"] as? String == "2")
        #expect(tree.dictionary?["k"]?.integer == 1)
    }

    @Test("dictionary keys are sorted")
    func sortedKeys() throws {
        let node = try PropertyListNode(foundationObject: ["b": 1, "c": 2, "a": 3] as NSDictionary)
        #expect(node.dictionary?.keys == ["a", "b", "c"])
    }
}
