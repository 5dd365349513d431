import AppexCLI
import Foundation
import Testing

/// `Tests/Corpus/extension-plists`, the repository's copy of the shared corpus.
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Corpus/extension-plists")

private func corpusFile(_ prefix: String) -> String {
    let name = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).first { $0.hasPrefix(prefix) } ?? prefix
    return corpus.appendingPathComponent(name).path
}

@Test(arguments: [["lint"], ["match"]])
func manifestHelpSnapshots(_ command: [String]) async {
    let result = await appex(command + ["--help"])
    expectSnapshot(result.output, named: "help-" + command.joined(separator: "-"))
}

struct ExitCase: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var status: Int32
    var output: String
    var testDescription: String { name }
}

@Test(arguments: [
    ExitCase(name: "lint: clean enough file exits 0", arguments: ["lint", corpusFile("015-")], status: 0, output: "0 errors"),
    ExitCase(name: "lint: a file with errors exits 1", arguments: ["lint", corpusFile("006-")], status: 1, output: "[activation.wrong-type]"),
    ExitCase(name: "lint: TRUEPREDICATE warns", arguments: ["lint", corpusFile("053-")], status: 0, output: "warning:"),
    ExitCase(name: "lint: TRUEPREDICATE fails for distribution", arguments: ["lint", "--distribution", corpusFile("053-")], status: 1, output: "error:"),
    ExitCase(name: "lint: an unreadable file exits 2", arguments: ["lint", corpusFile("075-")], status: 2, output: "1 unreadable"),
    ExitCase(name: "lint: a missing file exits 2", arguments: ["lint", "/nonexistent/Info.plist"], status: 2, output: "1 unreadable"),
    ExitCase(name: "match: eligible exits 0", arguments: ["match", corpusFile("015-"), "safari-page"], status: 0, output: "✓ eligible for safari-page"),
    ExitCase(name: "match: not eligible exits 1", arguments: ["match", corpusFile("015-"), "photos:3"], status: 1,
             output: "attachment 1 (public.jpeg, public.heic) is an image and NSExtensionActivationSupportsImageWithMaxCount is absent"),
    ExitCase(name: "match: explicit items", arguments: ["match", corpusFile("004-"), "--item", "public.jpeg", "--item", "public.jpeg", "--item", "public.jpeg",
                                                       "--item", "public.jpeg", "--item", "public.png"], status: 1,
             output: "5 images but NSExtensionActivationSupportsImageWithMaxCount is 4"),
    ExitCase(name: "match: an unknown preset exits 2", arguments: ["match", corpusFile("015-"), "photo:3"], status: 2, output: ""),
    ExitCase(name: "match: a malformed plist exits 2", arguments: ["match", corpusFile("075-")], status: 2, output: ""),
])
func manifestCommandsExit(_ c: ExitCase) async {
    let result = await appex(c.arguments)
    #expect(result.status == c.status, "\(result.output)\(result.error)")
    if !c.output.isEmpty { #expect(result.output.contains(c.output), "\(result.output)") }
    if c.status == 2 { #expect(result.error.contains("error"), "status 2 comes with a message: \(result.error)") }
}

@Test func matchExplainsASubqueryCount() async {
    let result = await appex("match", corpusFile("001-"), "safari-page", "--explain")
    expectSnapshot(result.output.replacingOccurrences(of: corpus.path + "/", with: ""), named: "match-explain-signal-safari")
}

@Test func matchJSON() async {
    let result = await appex("match", corpusFile("002-"), "firefox-page", "--json")
    expectSnapshot(result.output.replacingOccurrences(of: corpus.path + "/", with: ""), named: "match-json-firefox")
}

@Test func lintJSON() async {
    let result = await appex("lint", corpusFile("006-"), "--json")
    expectSnapshot(result.output.replacingOccurrences(of: corpus.path + "/", with: ""), named: "lint-json-netnewswire")
}

@Test func anUnreadablePlistErrorIsCompilerStyle() async {
    let result = await appex("lint", corpusFile("075-"))
    // Its keys stand outside its <dict>: the first reads as a string (as CoreFoundation reads
    // it), and the second value is the error, as on iOS.
    #expect(result.error.contains(":5:3: error: <plist> may contain only one value; found a second: <string>"), "\(result.error)")
    #expect(result.error.contains("^"))
}
