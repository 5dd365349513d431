@testable import AppexCLI
import Testing

/// `--json` layout: empty containers printed as `[]` and `{}`, nothing else touched.
@Suite("JSON output")
struct JSONOutputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let output: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an empty array", input: "{\n  \"a\" : [\n\n  ]\n}", output: "{\n  \"a\" : []\n}"),
        Case(name: "an empty object, indented", input: "[\n    {\n\n    }\n]", output: "[\n    {}\n]"),
        Case(name: "spaces on the empty line", input: "[\n  \n  ]", output: "[]"),
        Case(name: "a container with a value stays", input: "[\n  1\n]", output: "[\n  1\n]"),
        Case(name: "brackets in a string stay", input: "\"[\\n\\n]\"", output: "\"[\\n\\n]\""),
        Case(name: "mismatched brackets stay", input: "[\n\n}", output: "[\n\n}"),
        Case(name: "cut short", input: "[\n  \n", output: "[\n  \n"),
        Case(name: "wide characters around it", input: "{\"分享\":[\n\n],\"é\":{\n\n}}", output: "{\"分享\":[],\"é\":{}}"),
    ]

    @Test("empty containers collapse; the rest is kept byte for byte", arguments: cases)
    func collapse(_ check: Case) {
        #expect(JSONOutput.collapsingEmptyContainers(check.input) == check.output)
    }

    @Test("what the encoder prints for empty containers")
    func encoded() {
        struct Sample: Encodable { var list: [Int] = []; var map: [String: Int] = [:]; var name = "x" }
        #expect(JSONOutput.render(Sample()) == "{\n  \"list\" : [],\n  \"map\" : {},\n  \"name\" : \"x\"\n}")
    }
}
