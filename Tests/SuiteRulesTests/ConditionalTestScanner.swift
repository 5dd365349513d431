import Foundation

/// Finds, in the test sources, every place a test depends on its machine, and every way of
/// skipping that the rules forbid (docs/ARCHITECTURE.md, "Tests: the rules").
struct ConditionalTestScanner {
    /// A call that lets a test go on only where its machine has something: each cancels the
    /// case with a warning where it is missing, and fails under CI (Tests/TestRules).
    static let requirements = [
        "requireDependency(", "requireSandbox(", "requireTool(", "toolAvailable(",
        "availableSandboxModes(", "WorkerBinary.require(",
    ]

    /// What no test may write: a trait that skips in silence, a cancellation that bypasses
    /// `requireDependency`, and CI read anywhere but `ContinuousIntegration`.
    static let forbidden = [".enabled(if:", ".disabled(", "Test.cancel(", "environment[\"CI\"]"]

    /// The files that define the rules themselves, where the names above are declared.
    static let ruleFiles: Set<String> = [
        "Tests/TestRules/Dependencies.swift", "Tests/HostTestSupport/SandboxModes.swift",
        "Tests/SuiteRulesTests/ConditionalTestScanner.swift", "Tests/SuiteRulesTests/SuiteRulesTests.swift",
    ]

    /// One use: the file (from the repository's root), its line, the call.
    struct Use: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        var call: String
        var description: String { "\(file):\(line): \(call)" }
    }

    let root: URL

    /// The repository's root, two folders above this file's.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every use of `calls` in the Swift files under Tests/, outside comments and the rules' own files.
    func uses(of calls: [String]) throws -> [Use] {
        let tests = root.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var found: [Use] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let file = String(url.path.dropFirst(root.path.count + 1))
            guard !Self.ruleFiles.contains(file), !file.hasPrefix("Tests/Corpus/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = Self.code(of: line)
                for call in calls where code.contains(call) {
                    found.append(Use(file: file, line: index + 1, call: call))
                }
            }
        }
        return found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The line without its `//` comment (a `//` inside a string literal, as in a URL, is kept).
    static func code(of line: Substring) -> Substring {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString, character == "/", previous == "/" {
                return line[..<line.index(before: index)]
            }
            previous = character
        }
        return line
    }
}
