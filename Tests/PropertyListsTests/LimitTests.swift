import Foundation
import PropertyLists
import Testing

/// Limits: long strings and data, deep nesting, large files, many objects.
@Suite("Limits")
struct LimitTests {
    @Test("a 10 MB string is too long")
    func longString() throws {
        let xml = Support.header + "<dict>\n\t<key>Huge</key>\n\t<string>" + String(repeating: "a", count: 10_000_000)
            + "</string>\n</dict>\n</plist>\n"
        let error = try #require(Support.error(parsing: Data(xml.utf8)))
        #expect(error.code == .stringTooLong)
        #expect(error.position?.description == "6:2")
        #expect(error.keyPath == ["Huge"])
        #expect(error.message == "<string> longer than 1048576 bytes (the limit)")
        #expect((error.sourceLine?.count ?? .max) < 200)
    }

    @Test("a long key is too long")
    func longKey() throws {
        let limits = PropertyListLimits(maxStringLength: 8)
        let error = try #require(Support.error(parsing: Data("<dict><key>123456789</key><true/></dict>".utf8),
                                               limits: limits))
        #expect(error.code == .stringTooLong)
        #expect(error.position?.description == "1:7")
    }

    @Test("data over the limit")
    func longData() throws {
        let limits = PropertyListLimits(maxDataLength: 4)
        let ok = try Support.parse("<data>AAECAw==</data>", limits: limits)
        #expect(ok.data?.count == 4)
        let error = try #require(Support.error(parsing: Data("<data>AAECAwQ=</data>".utf8), limits: limits))
        #expect(error.code == .dataTooLong)
        #expect(error.position?.description == "1:1")
    }

    @Test("100,000 nested arrays fail at the depth limit", arguments: ["array", "dict"])
    func deepNesting(_ element: String) throws {
        let open = element == "array" ? "<array>" : "<dict><key>k</key>"
        let xml = "<plist>" + String(repeating: open, count: 100_000)
        let error = try #require(Support.error(parsing: Data(xml.utf8)))
        #expect(error.code == .tooDeep)
        // 512: CoreFoundation's own limit, so Appex reads every list iOS reads.
        #expect(error.message == "nesting deeper than 512 levels (the depth limit)")
        #expect(error.keyPath?.components.count == 512)
        #expect(error.position?.offset == 7 + 512 * open.utf8.count)
    }

    @Test("nesting exactly at the limit is fine")
    func depthAtLimit() throws {
        let limits = PropertyListLimits(maxDepth: 3)
        #expect(throws: Never.self) { try Support.parse("<array><array><array/></array></array>", limits: limits) }
        let error = try #require(Support.error(parsing: Data("<array><array><array><array/></array></array></array>".utf8),
                                               limits: limits))
        #expect(error.code == .tooDeep)
        #expect(error.keyPath == [0, 0, 0])
    }

    @Test("a file over the size limit is refused before it is read")
    func largeFile() throws {
        let folder = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Big.plist")
        try Data(repeating: 0x20, count: 2_000).write(to: url)
        let limits = PropertyListLimits(maxFileSize: 1_000)
        let error = try #require(throws: PropertyListError.self) {
            try PropertyListDocument.read(contentsOf: url, limits: limits)
        }
        #expect(error.code == .tooLarge)
        #expect(error.message == "the file is 2000 bytes, larger than 1000 (the size limit)")
        #expect(error.description == "Big.plist: error: the file is 2000 bytes, larger than 1000 (the size limit)")
        let inMemory = try #require(Support.error(parsing: Data(count: 2_000), limits: limits))
        #expect(inMemory.code == .tooLarge)
    }

    @Test("unreadable files", arguments: ["missing.plist", ""])
    func unreadable(_ name: String) throws {
        let folder = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = name.isEmpty ? folder : folder.appendingPathComponent(name)
        let error = try #require(throws: PropertyListError.self) { try PropertyListDocument.read(contentsOf: url) }
        #expect(error.code == .unreadableFile)
    }

    @Test("object count")
    func objectCount() throws {
        let limits = PropertyListLimits(maxObjectCount: 3)
        #expect(throws: Never.self) { try Support.parse("<array><true/><true/></array>", limits: limits) }
        let error = try #require(Support.error(parsing: Data("<array><true/><true/><true/></array>".utf8), limits: limits))
        #expect(error.code == .tooManyObjects)
        #expect(error.keyPath == [2])
    }
}
