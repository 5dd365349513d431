import Foundation
import Testing

@Suite("appex predicate")
struct PredicateCommandTests {
    @Test("help of every predicate command", arguments: [
        ["predicate", "--help"], ["predicate", "eval", "--help"], ["predicate", "format", "--help"],
    ])
    func help(_ arguments: [String]) async {
        let result = await appex(arguments)
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "help-" + arguments.dropLast().joined(separator: "-"))
    }

    static let share = #"{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["com.adobe.pdf", "public.file-url"]}]}]}"#
    static let pdfRule = #"SUBQUERY(extensionItems, $extensionItem, SUBQUERY($extensionItem.attachments, $attachment, ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "com.adobe.pdf").@count == $extensionItem.attachments.@count).@count == 1"#

    struct Evaluation: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let status: Int32
        let output: String
        var testDescription: String { name }
    }

    static let evaluations: [Evaluation] = [
        Evaluation(name: "Apple's PDF rule accepts one PDF", arguments: [pdfRule, "--object", share], status: 0, output: "true\n"),
        Evaluation(name: "Apple's PDF rule refuses a URL", arguments: [pdfRule, "--object",
            #"{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["public.url"]}]}]}"#], status: 1, output: "false\n"),
        Evaluation(name: "a variable", arguments: ["age > $limit", "--object", #"{"age": 41}"#, "--var", "limit=40"], status: 0, output: "true\n"),
        Evaluation(name: "a $-prefixed variable name", arguments: ["age > $limit", "--object", #"{"age": 41}"#, "--var", "$limit=50"], status: 1, output: "false\n"),
        Evaluation(name: "no object is null", arguments: ["SELF == nil"], status: 0, output: "true\n"),
        Evaluation(name: "JSON output", arguments: ["a == 1", "--object", #"{"a": 1}"#, "--json"], status: 0,
                   output: "{\n  \"predicateFormat\" : \"a == 1\",\n  \"result\" : true\n}\n"),
    ]

    @Test("eval prints true or false with exit 0 or 1", arguments: evaluations)
    func eval(_ c: Evaluation) async {
        let result = await appex(["predicate", "eval"] + c.arguments)
        #expect(result.status == c.status, "stderr: \(result.error)")
        #expect(result.output == c.output)
    }

    struct Failure: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let error: String
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "syntax error, like a compiler", arguments: ["eval", #"name == "x" AND"#],
                error: "1:16: error: expected an expression after 'AND', found the end of the format string\nname == \"x\" AND\n               ^\n"),
        Failure(name: "bad JSON object", arguments: ["eval", "a == 1", "--object", "{not json"], error: "--object"),
        Failure(name: "bad variable", arguments: ["eval", "a == $x", "--var", "x"], error: "--var x: expected name=<json>"),
        Failure(name: "bad regular expression", arguments: ["eval", #"name MATCHES "(""#, "--object", #"{"name": "a"}"#], error: "evaluation failed"),
        Failure(name: "missing object file", arguments: ["eval", "a == 1", "--object-file", "/nonexistent/object.json"], error: "/nonexistent/object.json"),
        Failure(name: "format and format file", arguments: ["format", "a == 1", "--format-file", "x"], error: "not both"),
        Failure(name: "format syntax error", arguments: ["format", "a ==== 1"], error: "1:"),
    ]

    @Test("errors exit 2 and say what was wrong", arguments: failures)
    func failure(_ c: Failure) async {
        let result = await appex(["predicate"] + c.arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(c.error), "stderr was: \(result.error)")
    }

    @Test("format prints the canonical form, which formats to itself")
    func format() async {
        let result = await appex("predicate", "format", "a = 1 or b = 2 and not c = 3")
        #expect(result.status == 0)
        #expect(result.output == "a == 1 OR (b == 2 AND NOT (c == 3))\n")
        let again = await appex("predicate", "format", String(result.output.dropLast()))
        #expect(again.output == result.output)
        let json = await appex("predicate", "format", "x IN {1,2}", "--json")
        #expect(json.output == "{\n  \"predicateFormat\" : \"x IN {1, 2}\"\n}\n")
    }

    @Test("objects from property-list and JSON files; rules from a file")
    func files() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist = dir.appendingPathComponent("object.plist")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>extensionItems</key><array><dict><key>attachments</key><array>
        <dict><key>registeredTypeIdentifiers</key><array><string>public.heic</string></array></dict>
        </array></dict></array></dict></plist>
        """.utf8).write(to: plist)
        let rule = dir.appendingPathComponent("rule.txt")
        try Data("SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a,\n\tANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count >= 1).@count == 1".utf8).write(to: rule)
        #expect(await appex("predicate", "eval", "--format-file", rule.path, "--object-file", plist.path).status == 0)
        let json = dir.appendingPathComponent("object.json")
        try Data(#"{"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["public.plain-text"]}]}]}"#.utf8).write(to: json)
        #expect(await appex("predicate", "eval", "--format-file", rule.path, "--object-file", json.path).status == 1)
        let broken = dir.appendingPathComponent("broken.txt")
        try Data("a ==\n  AND b".utf8).write(to: broken)
        let error = await appex("predicate", "format", "--format-file", broken.path)
        #expect(error.status == 2)
        #expect(error.error.hasPrefix(broken.path + ":2:"), "stderr was: \(error.error)")
    }
}
