import Foundation
import Testing

/// BackgroundTransfers.docc quotes the Uploader example, which UploaderExampleTests runs
/// end to end: every Swift block of the catalog must be found in the example's sources,
/// line for line (at any depth of indentation), so the documentation cannot drift from
/// code that runs.
@Suite("BackgroundTransfers documentation")
struct DocumentationExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = "Sources/BackgroundTransfers/BackgroundTransfers.docc/BackgroundTransfers.md"
    static let sources = ["Examples/Uploader/Sources/UploadFile/main.swift", "Examples/Uploader/Sources/UploaderApp/main.swift"]

    @Test("every Swift block of the catalog is in Examples/Uploader as it is written there")
    func blocksAreQuoted() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(Self.catalog), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: text)
        #expect(blocks.count == 3, "the catalog's Swift blocks: \(blocks.count)")
        let files = try Self.sources.map { path in
            (path, try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n"))
        }
        for block in blocks {
            let found = files.contains { Self.contains($0.1, block) }
            #expect(found, "not in \(Self.sources.joined(separator: " or ")) as written:\n\(block.joined(separator: "\n"))")
        }
    }

    struct QuoteCase: Sendable, CustomTestStringConvertible {
        var name: String
        var block: [String]
        var found: Bool
        var testDescription: String { name }
    }

    static let file = ["func f(a: Int) {", "    if a > 0 {", "        print(a)", "", "    }", "}"]

    @Test("the check itself", arguments: [
        QuoteCase(name: "a block two levels in, a blank line kept: found", block: ["if a > 0 {", "    print(a)", "", "}"], found: true),
        QuoteCase(name: "one name changed: not found", block: ["if a > 0 {", "    print(b)", "", "}"], found: false),
        QuoteCase(name: "one line's indentation changed: not found", block: ["if a > 0 {", "print(a)", "", "}"], found: false),
        QuoteCase(name: "past the end of the file: not found", block: ["}", "}", "}"], found: false),
    ])
    func check(_ quote: QuoteCase) {
        #expect(Self.contains(Self.file, quote.block) == quote.found)
    }

    /// The lines of each ```swift block of a Markdown text.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `file` holds `block`'s lines in a row, each after one and the same indentation.
    static func contains(_ file: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !first.isEmpty else { return false }
        return file.indices.contains { start in
            guard file[start].hasSuffix(first) else { return false }
            let indentation = String(file[start].dropLast(first.count))
            guard indentation.allSatisfy({ $0 == " " }), start + block.count <= file.count else { return false }
            return zip(file[start..<(start + block.count)], block).allSatisfy { line, quoted in
                quoted.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indentation + quoted
            }
        }
    }
}
