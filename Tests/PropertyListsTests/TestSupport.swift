import Foundation
@testable import PropertyLists
import Testing

/// SplitMix64: a small seeded generator, so every random case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Helpers shared by the suites.
enum Support {
    /// The XML header every Apple-written property list starts with.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Parses XML text.
    static func parse(_ text: String, limits: PropertyListLimits = .default) throws(PropertyListError) -> PropertyListNode {
        try PropertyListDocument.parse(Data(text.utf8), fileName: "Test.plist", limits: limits).root
    }

    /// The error parsing `data` gives, or `nil` when it parses.
    static func error(parsing data: Data, fileName: String = "Test.plist",
                      limits: PropertyListLimits = .default) -> PropertyListError? {
        do {
            _ = try PropertyListDocument.parse(data, fileName: fileName, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// A fixture's URL.
    static func fixture(_ name: String) throws -> URL {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return folder.appendingPathComponent(name)
    }

    /// What Foundation would give for a tree: duplicate keys resolved last-wins, keys sorted.
    static func foundationView(_ node: PropertyListNode) throws -> PropertyListNode {
        try PropertyListNode(foundationObject: node.foundationObject)
    }

    /// Reads `data` with Foundation's `PropertyListSerialization` (CoreFoundation's parser,
    /// as iOS reads Info.plists) and with Appex: both must accept with the same value, or
    /// both refuse. Values are compared as binary lists of Foundation's objects (last-wins
    /// keys, no order, UIDs as CF$UID dictionaries; NaN dates and reals by their bits; no Date
    /// is described, since its description traps on NaN). `deliberate` says whether an
    /// Appex refusal of a list Foundation reads is a documented difference.
    static func agreeWithFoundation(_ data: Data, name: String, deliberate: (PropertyListError) -> Bool = { _ in false },
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let theirs = Result { try PropertyListSerialization.propertyList(from: data, options: [], format: nil) }
        let ours = Result { () throws(PropertyListError) in try PropertyListDocument.parse(data, fileName: name).root }
        switch (theirs, ours) {
        case (.success(let object), .success(let node)):
            let expected = try PropertyListNode(foundationObject: PropertyListNode(foundationObject: object).foundationObject)
            let mine = try PropertyListNode(foundationObject: node.foundationObject)
            let same = try mine.binaryData() == expected.binaryData()
            #expect(same, "\(name): Foundation and Appex read different values", sourceLocation: sourceLocation)
        case (.failure, .failure):
            break
        case (.success(let object), .failure(let error)):
            if deliberate(error) { break }
            Issue.record("\(name): Foundation reads \(type(of: object)), Appex refuses: \(error)", sourceLocation: sourceLocation)
        case (.failure(let error), .success(let node)):
            Issue.record("\(name): Appex reads \(node.kindDescription), Foundation refuses: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// A temporary directory removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("appex-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// One Info.plist of the shared corpus of real extensions.
struct CorpusFile: Sendable, CustomTestStringConvertible {
    var url: URL
    var testDescription: String { url.lastPathComponent }

    /// `Tests/Corpus/extension-plists`, the repository's copy of the shared corpus.
    static let folder: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()             // PropertyListsTests
        .deletingLastPathComponent()             // Tests
        .appendingPathComponent("Corpus/extension-plists").standardizedFileURL

    static let all: [CorpusFile] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted().map { CorpusFile(url: folder.appendingPathComponent($0)) }
    }()
}
