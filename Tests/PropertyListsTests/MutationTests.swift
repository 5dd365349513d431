import Foundation
import PropertyLists
import Testing

/// Seeded random mutations of valid files: parsing never crashes; it succeeds with a tree
/// that writes and reads back, or fails with a well-formed error.
@Suite("Mutations")
struct MutationTests {
    struct Seed: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }
    }

    static let seeds: [Seed] = {
        var seeds = [
            Seed(name: "sample.xml", bytes: Array(BinaryReadingTests.sample.xmlData())),
            Seed(name: "sample.bplist", bytes: (try? BinaryReadingTests.sample.binaryData()).map(Array.init) ?? []),
        ]
        for file in CorpusFile.all.prefix(40).enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            guard let data = try? Data(contentsOf: file.url) else { continue }
            seeds.append(Seed(name: file.testDescription, bytes: Array(data)))
            if let binary = try? PropertyListDocument.parse(data, fileName: "x").root.binaryData() {
                seeds.append(Seed(name: file.testDescription + ".bplist", bytes: Array(binary)))
            }
        }
        return seeds
    }()

    static let interesting: [UInt8] = [0x00, 0xFF, 0x0F, 0x7F, 0x80, 0x3C, 0x3E, 0x26, 0x2F, 0x22, 0x0A, 0xD0, 0xA0, 0x5F]

    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else { return bytes }
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0: bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
            case 1: bytes[at] = UInt8.random(in: 0...255, using: &generator)
            case 2: bytes[at] = interesting.randomElement(using: &generator) ?? 0
            case 3: bytes.removeSubrange(at...)
            case 4: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &generator)))
            case 5: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                interesting.randomElement(using: &generator) ?? 0 }, at: at)
            default:
                let end = min(bytes.count, at + Int.random(in: 1...64, using: &generator))
                bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &generator))
            }
        }
        return bytes
    }

    @Test("mutated files parse or fail cleanly", arguments: seeds)
    func mutations(_ seed: Seed) throws {
        var generator = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(seed.bytes.count))
        let limits = PropertyListLimits(maxObjectCount: 20_000)
        var parsed = 0
        for iteration in 0..<1_000 {
            let bytes = Self.mutate(seed.bytes, using: &generator)
            do {
                let document = try PropertyListDocument.parse(Data(bytes), fileName: "Fuzz.plist", limits: limits)
                parsed += 1
                let again = try PropertyListDocument.parse(document.root.binaryData(), fileName: "x").root
                #expect(again.isEqualIgnoringPositions(document.root.withDuplicateKeysResolved),
                        "iteration \(iteration)")
            } catch {
                #expect(error.fileName == "Fuzz.plist" || error.fileName == "x", "iteration \(iteration)")
                #expect(!error.message.isEmpty, "iteration \(iteration)")
                if let position = error.position {
                    #expect(position.line >= 1 && position.column >= 1 && position.offset <= bytes.count * 2,
                            "iteration \(iteration): \(position)")
                    #expect(error.sourceLine != nil)
                }
                #expect(error.description.hasPrefix(error.fileName))
            }
        }
        // Some mutations are harmless (inside a string, say): the seeds themselves are valid.
        #expect(parsed > 0)
    }
}
