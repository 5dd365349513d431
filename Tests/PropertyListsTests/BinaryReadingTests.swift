import Foundation
import PropertyLists
import Testing

/// Binary property lists: every object kind, and damaged files.
@Suite("Binary reading")
struct BinaryReadingTests {
    static let sample: PropertyListNode = PropertyListNode(entries: [
        "string": "ascii",
        "unicode": "Grüße 😀",
        "long": PropertyListNode(.string(String(repeating: "x", count: 300))),
        "integers": [0, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296,
                     PropertyListNode(.integer(.max)), PropertyListNode(.integer(.min)), -1],
        "reals": [0.5, -1e300, PropertyListNode(.real(.infinity))],
        "booleans": [true, false],
        "date": PropertyListNode(.date(Date(timeIntervalSinceReferenceDate: 12_345.5))),
        "data": PropertyListNode(.data(Data((0..<40).map { UInt8($0) }))),
        "empty": [PropertyListNode(.dictionary([:])), [], "", PropertyListNode(.data(Data()))],
        "many": PropertyListNode(.array((0..<20).map { PropertyListNode(.integer(Int64($0))) })),
        "shared": ["ascii", "ascii"],
    ])

    @Test("our writer, our reader")
    func ownRoundTrip() throws {
        let data = try Self.sample.binaryData()
        let document = try PropertyListDocument.parse(data, fileName: "x.plist")
        #expect(document.format == .binary)
        #expect(document.root.isEqualIgnoringPositions(Self.sample))
    }

    @Test("Foundation's writer, our reader")
    func foundationWritten() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.sample.foundationObject, format: .binary,
                                                      options: 0)
        let document = try PropertyListDocument.parse(data, fileName: "x.plist")
        #expect(try Support.foundationView(document.root).isEqualIgnoringPositions(Support.foundationView(Self.sample)))
    }

    @Test("our writer, Foundation's reader")
    func foundationRead() throws {
        let data = try Self.sample.binaryData()
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(try PropertyListNode(foundationObject: object).isEqualIgnoringPositions(Support.foundationView(Self.sample)))
    }

    /// A one-object binary property list holding `object`.
    static func single(_ object: [UInt8]) -> Data {
        var bytes = Array("bplist00".utf8) + object
        let table = bytes.count
        bytes.append(8)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        return Data(bytes)
    }

    /// A binary property list of `objects` laid end to end, the first the top one, with
    /// offsets and references of the given sizes, `offsets` overriding the offset table's
    /// entries, and `gap` stray bytes between the table and the trailer.
    static func file(_ objects: [[UInt8]], offsetSize: Int = 1, referenceSize: Int = 1,
                     offsets: [Int: Int] = [:], gap: Int = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var table: [Int] = []
        for object in objects {
            table.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for (index, offset) in table.enumerated() {
            let value = UInt64(offsets[index] ?? offset)
            bytes += (0..<offsetSize).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        bytes += [UInt8](repeating: 0xEE, count: gap)
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        for field in [UInt64(objects.count), 0, UInt64(tableOffset)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * $0)) }
        }
        return Data(bytes)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var data: Data
        var code: PropertyListError.Code
        var message: String
        /// A rule of CoreFoundation's that Appex applies: Foundation must refuse the file too.
        var foundationRefuses = false
        var testDescription: String { name }
    }

    static let damaged: [Case] = [
        Case(name: "too short", data: Data("bplist00".utf8), code: .truncated,
             message: "a binary property list needs at least 41 bytes; this one has 8"),
        Case(name: "set", data: single([0xC0]), code: .unsupportedObject, message: "sets are not supported (at byte 8)"),
        Case(name: "null", data: single([0x00]), code: .unsupportedObject,
             message: "null objects have no property-list value (at byte 8)"),
        Case(name: "unknown marker", data: single([0x70]), code: .invalidBinary, message: "unknown object marker 0x70 at byte 8"),
        Case(name: "string past the end", data: single([0x5E, 0x41]), code: .truncated,
             message: "the object at byte 8 (marker 0x5e, 14 elements) runs past the object area"),
        Case(name: "huge length", data: single([0x6F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
             code: .invalidBinary, message: "the object at byte 8 claims 9223372036854775807 elements, more than the file holds"),
        Case(name: "bad length marker", data: single([0x5F, 0x20, 0x00]), code: .invalidBinary,
             message: "the object at byte 8 has an invalid length marker 0x20"),
        Case(name: "array reference out of range", data: single([0xA1, 0x05]), code: .invalidBinary,
             message: "object reference 5 at byte 9 is not below the object count 1"),
        // Fuzz/run.sh binary-plist's first find (Fuzz/artifacts, 2026-11-26): a NaN date.
        Case(name: "a NaN date", data: single([0x33] + withUnsafeBytes(of: Double.nan.bitPattern.bigEndian, Array.init)),
             code: .invalidValue, message: "the date at byte 8 is nan seconds from 2001, not a point in time"),
        Case(name: "an infinite date", data: single([0x33] + withUnsafeBytes(of: (-Double.infinity).bitPattern.bigEndian, Array.init)),
             code: .invalidValue, message: "the date at byte 8 is -inf seconds from 2001, not a point in time"),
        // CoreFoundation's rules that the fuzz corpora's differential found Appex lacked
        // (FuzzCorpusDifferentialTests): Appex read these files, iOS refuses them.
        Case(name: "bytes between the offset table and the trailer", data: file([[0x08]], gap: 3), code: .invalidBinary,
             message: "invalid trailer: 3 bytes lie between the offset table's end (byte 10) and the trailer; CoreFoundation "
                + "refuses a file whose offset table does not end where the trailer begins", foundationRefuses: true),
        Case(name: "references too narrow for the object count", data: file([[0xA1, 0x01]] + Array(repeating: [0x08], count: 256)),
             code: .invalidBinary, message: "invalid trailer: references of 1 byte cannot name all 257 objects", foundationRefuses: true),
        Case(name: "offsets too narrow to reach the table", data: file([[0x4F, 0x10, 0xFA] + [UInt8](repeating: 7, count: 250)]),
             code: .invalidBinary, message: "invalid trailer: offsets of 1 byte cannot reach the offset table at byte 261",
             foundationRefuses: true),
        Case(name: "an offset no reference reaches, past the table", data: file([[0x08], [0x09]], offsets: [1: 200]),
             code: .invalidBinary, message: "object 1 has offset 200, at or past the offset table (byte 10); no reference "
                + "reaches it, but CoreFoundation refuses the file", foundationRefuses: true),
        Case(name: "an empty UTF-16 string", data: single([0x60]), code: .invalidBinary,
             message: "an empty UTF-16 string at byte 8, which CoreFoundation refuses; an empty string is written as an "
                + "ASCII one (0x50)", foundationRefuses: true),
    ]

    @Test("damaged files", arguments: damaged)
    func damagedFiles(_ expected: Case) throws {
        let error = try #require(Support.error(parsing: expected.data))
        #expect(error.code == expected.code)
        #expect(error.message == expected.message)
        if expected.foundationRefuses {
            #expect((try? PropertyListSerialization.propertyList(from: expected.data, format: nil)) == nil, "Foundation reads it")
        }
        #expect(error.position == nil)
    }

    @Test("4-byte reals and dates")
    func smallReals() throws {
        let real = Self.single([0x22] + withUnsafeBytes(of: Float(1.5).bitPattern.bigEndian, Array.init))
        #expect(try PropertyListDocument.parse(real, fileName: "x").root.real == 1.5)
        let date = Self.single([0x33] + withUnsafeBytes(of: Double(86_400).bitPattern.bigEndian, Array.init))
        #expect(try PropertyListDocument.parse(date, fileName: "x").root.date == Date(timeIntervalSinceReferenceDate: 86_400))
    }

    /// A 16-byte integer is read as Foundation reads it: its low 64 bits, unsigned (so a
    /// 128-bit -1 reads as UInt64.max, as it does there; CPython writes 16 bytes for values
    /// from 2^63 to UInt64.max).
    static let wide: [(String, [UInt8], PropertyListNode.Value)] = [
        ("7", [UInt8](repeating: 0, count: 15) + [7], .integer(7)),
        ("UInt64.max", [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8), .unsignedInteger(.max)),
        ("2^63", [UInt8](repeating: 0, count: 8) + [0x80] + [UInt8](repeating: 0, count: 7), .unsignedInteger(1 << 63)),
        ("-1 in 128 bits", [UInt8](repeating: 0xFF, count: 16), .unsignedInteger(.max)),
        ("2^64 + 5 (the high half dropped)", [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 5], .integer(5)),
    ]

    @Test("128-bit integers are read as Foundation reads them", arguments: wide.map(\.0))
    func wideIntegers(_ name: String) throws {
        let (_, bytes, value) = try #require(Self.wide.first { $0.0 == name })
        let data = Self.single([0x14] + bytes)
        #expect(try PropertyListDocument.parse(data, fileName: "x").root.value == value)
        let foundation = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? NSNumber)
        switch value {
        case .integer(let integer): #expect(foundation.int64Value == integer)
        case .unsignedInteger(let integer): #expect(foundation.uint64Value == integer)
        default: Issue.record("not an integer case")
        }
    }

    @Test("UIDs (keyed archives) are read, in binary and as CoreFoundation's XML form, and written back")
    func uids() throws {
        #expect(try PropertyListDocument.parse(Self.single([0x80, 0x05]), fileName: "x").root.value == .uid(5))
        #expect(try PropertyListDocument.parse(Self.single([0x83, 0x00, 0x01, 0x00, 0x00]), fileName: "x").root.value == .uid(65536))
        let xml = Data("<plist><dict><key>CF$UID</key><integer>7</integer></dict></plist>".utf8)
        #expect(try PropertyListDocument.parse(xml, fileName: "x").root.value == .uid(7))
        let other = Data("<plist><dict><key>CF$UID</key><string>7</string></dict></plist>".utf8)
        #expect(try PropertyListDocument.parse(other, fileName: "x").root.dictionary != nil, "only an integer makes a UID")
        let node = PropertyListNode(.array([PropertyListNode(.uid(7)), PropertyListNode(.uid(300))]))
        #expect(try PropertyListDocument.parse(node.binaryData(), fileName: "x").root.isEqualIgnoringPositions(node))
        #expect(try PropertyListDocument.parse(node.xmlData(), fileName: "x").root.isEqualIgnoringPositions(node))
    }

    @Test("an ASCII string with bytes above 0x7F reads as ISO Latin 1, as Foundation reads it")
    func latin1() throws {
        let data = Self.single([0x52, 0x41, 0xFF])
        #expect(try PropertyListDocument.parse(data, fileName: "x").root.value == .string("Aÿ"))
        #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) as? String == "Aÿ")
        let strict = PropertyListLimits(readsLatin1ASCIIStrings: false)
        let error = try #require(Support.error(parsing: data, limits: strict))
        #expect(error.message.contains("contains a byte above 0x7F"))
    }

    @Test("a version byte after bplist0 is not checked, as CoreFoundation does not check it")
    func version() throws {
        var data = Self.single([0x09])
        data[7] = UInt8(ascii: "1")
        #expect(try PropertyListDocument.parse(data, fileName: "x").root.value == .boolean(true))
        #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) as? Bool == true)
    }

    @Test("shared objects count each time, bounding exponential trees")
    func sharedObjectBomb() throws {
        // Object i is an array holding object i+1 twice: 2^40 leaves from 41 objects.
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for index in 0..<40 {
            offsets.append(UInt8(bytes.count))
            bytes += [0xA2, UInt8(index + 1), UInt8(index + 1)]
        }
        offsets.append(UInt8(bytes.count))
        bytes.append(0x09)
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 41] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let error = try #require(Support.error(parsing: Data(bytes)))
        #expect(error.code == .tooManyObjects)
    }

    @Test("a cycle through a dictionary is detected")
    func dictionaryCycle() throws {
        // {"k": <object 0>}
        var bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x00, 0x51, 0x6B]
        let table = bytes.count
        bytes += [8, 11, 0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let error = try #require(Support.error(parsing: Data(bytes)))
        #expect(error.code == .invalidBinary)
        #expect(error.keyPath == ["k"])
        #expect(error.description == "Test.plist: error: reference cycle: object 0 contains itself (at k)")
    }
}
