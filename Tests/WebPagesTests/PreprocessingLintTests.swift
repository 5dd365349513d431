import ExtensionIPC
import Foundation
import HostTestSupport
import Testing

/// `appex lint` on a bundle whose preprocessing file is checked in Chromium: it parses,
/// runs in a blank page, and defines ExtensionPreprocessingJS with run.
@Suite("appex lint checks preprocessing files in Chromium", .serialized)
struct PreprocessingLintTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        /// code, line, column; nil when lint finds nothing.
        var finding: (code: String, line: Int?, column: Int?)?
        var message: String = ""
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a good file", source: "var ExtensionPreprocessingJS = { run(a) { a.completionFunction({}); } };", finding: nil),
        Case(name: "a syntax error", source: "var x = {\n  run: function( {\n};\n", finding: ("javascript.syntax", 3, 2),
             message: "Highlight.js does not parse: SyntaxError: Unexpected token ';'"),
        Case(name: "no ExtensionPreprocessingJS", source: "var Highlight = {};\n", finding: ("javascript.no-run", nil, nil),
             message: "Highlight.js: the file does not define ExtensionPreprocessingJS; Safari calls ExtensionPreprocessingJS.run(arguments)"),
        Case(name: "no run function", source: "var ExtensionPreprocessingJS = { finalize() {} };\n", finding: ("javascript.no-run", nil, nil),
             message: "Highlight.js: ExtensionPreprocessingJS has no run function; Safari calls ExtensionPreprocessingJS.run(arguments)"),
        Case(name: "throws in a blank page", source: "\nnull.x; var ExtensionPreprocessingJS = { run() {} };\n", finding: ("javascript.threw", 2, 6),
             message: "Highlight.js threw when it ran in a blank page: TypeError: Cannot read properties of null (reading 'x')"),
    ]

    @Test("Each kind of file gets its finding, at its line and column", arguments: cases)
    func lint(_ testCase: Case) async throws {
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("appex-lint-js-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = root.appendingPathComponent("Highlight.appex")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("Resources"), withIntermediateDirectories: true)
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Reader/Bundle/PlugIns/Highlight.appex/Info.plist")
        try FileManager.default.copyItem(at: source, to: bundle.appendingPathComponent("Info.plist"))
        try Data(testCase.source.utf8).write(to: bundle.appendingPathComponent("Resources/Highlight.js"))

        let process = try await ChildProcess.launch(.init(executable: appex.path, arguments: ["lint", "--json", bundle.path],
                                                          environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TMPDIR": root.path],
                                                          sandbox: nil, limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(120)), captures: [1]))
        let ending = await process.exit()
        let output = await process.output(waitingUpTo: .seconds(30))
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
        let findings = reports.flatMap { $0["diagnostics"] as? [[String: Any]] ?? [] }.filter { ($0["code"] as? String)?.hasPrefix("javascript.") == true }
        guard let expected = testCase.finding else {
            #expect(findings.isEmpty, "\(findings)")
            #expect(ending.isSuccess)
            return
        }
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding["code"] as? String == expected.code)
        #expect(finding["line"] as? Int == expected.line)
        #expect(finding["column"] as? Int == expected.column)
        #expect(finding["message"] as? String == testCase.message)
        #expect(finding["file"] as? String == bundle.appendingPathComponent("Resources/Highlight.js").path)
        #expect(ending == .exited(code: expected.code == "javascript.threw" ? 0 : 1))
    }
}
