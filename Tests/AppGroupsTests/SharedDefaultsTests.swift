import AppGroups
import Foundation
import Synchronization
import Testing

@Suite struct SharedDefaultsTests {
    static let suite = "group.com.example.notes"

    struct ValueCase: CustomTestStringConvertible, @unchecked Sendable {
        let name: String
        let value: Any
        let equals: (Any?) -> Bool
        var testDescription: String { name }
    }

    static let values: [ValueCase] = [
        .init(name: "string", value: "héllo") { $0 as? String == "héllo" },
        .init(name: "integer", value: -42) { $0 as? Int == -42 },
        .init(name: "real", value: 2.5) { $0 as? Double == 2.5 },
        .init(name: "boolean", value: true) { $0 as? Bool == true },
        .init(name: "date", value: Date(timeIntervalSince1970: 1_000_000)) { $0 as? Date == Date(timeIntervalSince1970: 1_000_000) },
        .init(name: "data", value: Data([0, 1, 255])) { $0 as? Data == Data([0, 1, 255]) },
        .init(name: "array", value: ["a", 1] as [Any]) { ($0 as? [Any]).map { $0.count == 2 && $0[0] as? String == "a" } ?? false },
        .init(name: "dictionary", value: ["url": "https://www.swift.org", "n": 1] as [String: Any]) {
            ($0 as? [String: Any]).map { $0["url"] as? String == "https://www.swift.org" && $0["n"] as? Int == 1 } ?? false
        },
    ]

    @Test(arguments: values)
    func valuesRoundTripThroughAnotherConnection(_ example: ValueCase) throws {
        let folder = try TemporaryFolder()
        let writer = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        let reader = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try writer.set(example.value, forKey: "value")
        #expect(example.equals(reader.object(forKey: "value")), "a second connection sees the write without a restart")
        #expect(example.equals(reader.dictionaryRepresentation()["value"]))
        try writer.removeObject(forKey: "value")
        #expect(reader.object(forKey: "value") == nil)
    }

    struct ConversionCase: CustomTestStringConvertible, @unchecked Sendable {
        let name: String
        let stored: Any
        let string: String?
        let integer: Int
        let double: Double
        let bool: Bool
        var testDescription: String { name }
    }

    static let conversions: [ConversionCase] = [
        .init(name: "integer", stored: 7, string: "7", integer: 7, double: 7, bool: true),
        .init(name: "real", stored: 2.75, string: "2.75", integer: 2, double: 2.75, bool: true),
        .init(name: "zero", stored: 0, string: "0", integer: 0, double: 0, bool: false),
        .init(name: "true", stored: true, string: "1", integer: 1, double: 1, bool: true),
        .init(name: "YES string", stored: "YES", string: "YES", integer: 0, double: 0, bool: true),
        .init(name: "numeric string", stored: "12", string: "12", integer: 12, double: 12, bool: true),
        .init(name: "data", stored: Data([1]), string: nil, integer: 0, double: 0, bool: false),
    ]

    @Test(arguments: conversions)
    func typedGettersConvertAsUserDefaults(_ example: ConversionCase) throws {
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try defaults.set(example.stored, forKey: "k")
        #expect(defaults.string(forKey: "k") == example.string)
        #expect(defaults.integer(forKey: "k") == example.integer)
        #expect(defaults.double(forKey: "k") == example.double)
        #expect(defaults.bool(forKey: "k") == example.bool)
    }

    @Test func absentKeysAnswerZeroValues() throws {
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        #expect(defaults.object(forKey: "none") == nil)
        #expect(defaults.string(forKey: "none") == nil)
        #expect(defaults.integer(forKey: "none") == 0)
        #expect(defaults.bool(forKey: "none") == false)
        #expect(defaults.array(forKey: "none") == nil)
        #expect(defaults.url(forKey: "none") == nil)
    }

    @Test func urlsAreStoredAsStrings() throws {
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try defaults.set(URL(string: "https://www.swift.org/about"), forKey: "page")
        #expect(defaults.url(forKey: "page") == URL(string: "https://www.swift.org/about"))
        #expect(defaults.string(forKey: "page") == "https://www.swift.org/about")
        try defaults.set("/tmp/file.txt", forKey: "path")
        #expect(defaults.url(forKey: "path") == URL(fileURLWithPath: "/tmp/file.txt"))
    }

    @Test func nonPropertyListValuesAreRejectedNamingTheKey() throws {
        struct Custom {}
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try defaults.set("kept", forKey: "custom")
        let error = #expect(throws: AppGroupError.self) { try defaults.set(Custom(), forKey: "custom") }
        #expect(error?.code == .notAPropertyList)
        #expect(error?.message.contains("'custom'") == true)
        #expect(defaults.string(forKey: "custom") == "kept", "a rejected write leaves the old value")
    }

    @Test(arguments: ["", ".hidden", "a/b"])
    func unusableSuiteNamesAreRejected(_ name: String) throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: AppGroupError.self) { try SharedDefaults(containerURL: folder.url, suiteName: name) }
        #expect(error?.code == .invalidSuiteName)
    }

    @Test func suiteNameOutsideTheProcessGroupsGivesNil() {
        // The test process has no APPEX_APP_GROUP_CONTAINERS of its own.
        #expect(SharedDefaults(suiteName: "group.com.example.not-mine") == nil)
        #expect(SharedDefaults(suiteName: nil) == nil)
    }

    @Test func updateReadsAndWritesInOneTransaction() throws {
        struct Refused: Error {}
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        for expected in 1...3 {
            let value = try defaults.update(forKey: "count") { old in ((old as? Int) ?? 0) + 1 }
            #expect(value as? Int == expected)
        }
        #expect(throws: Refused.self) { try defaults.update(forKey: "count") { _ in throw Refused() } }
        #expect(defaults.integer(forKey: "count") == 3, "a throwing transform changes nothing")
        try defaults.update(forKey: "count") { _ in nil }
        #expect(defaults.object(forKey: "count") == nil, "returning nil removes the key")
    }

    @Test func concurrentUpdatesLoseNothing() async throws {
        let folder = try TemporaryFolder()
        let url = folder.url
        await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let defaults = try SharedDefaults(containerURL: url, suiteName: Self.suite)
                    for _ in 0..<50 { try defaults.update(forKey: "n") { (($0 as? Int) ?? 0) + 1 } }
                }
            }
        }
        let defaults = try SharedDefaults(containerURL: url, suiteName: Self.suite)
        #expect(defaults.integer(forKey: "n") == 200)
        #expect(try defaults.integrityCheck() == "ok")
    }

    @Test func registeredDefaultsAreAFallbackNeverStored() throws {
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try defaults.register(defaults: ["greeting": "hello", "limit": 5])
        #expect(defaults.string(forKey: "greeting") == "hello")
        #expect(defaults.dictionaryRepresentation()["limit"] as? Int == 5)
        try defaults.set("bonjour", forKey: "greeting")
        #expect(defaults.string(forKey: "greeting") == "bonjour", "a stored value wins")
        try defaults.removeObject(forKey: "greeting")
        #expect(defaults.string(forKey: "greeting") == "hello", "the registered value shows through again")
        #expect(throws: AppGroupError.self) { try defaults.register(defaults: ["bad": NSObject()]) }
    }

    @Test
    func registeredDefaultsStayInTheirProcess() throws {
        try WorkerBinary.require()
        let folder = try TemporaryFolder()
        let defaults = try SharedDefaults(containerURL: folder.url, suiteName: Self.suite)
        try defaults.register(defaults: ["greeting": "hello"])
        try defaults.set("stored", forKey: "other")
        let worker = try WorkerProcess(["defaults-get", folder.url.path, Self.suite, "greeting"])
        #expect(worker.finish().lines == ["nil"])
        let other = try WorkerProcess(["defaults-get", folder.url.path, Self.suite, "other"])
        #expect(other.finish().lines == ["stored"])
    }
}
