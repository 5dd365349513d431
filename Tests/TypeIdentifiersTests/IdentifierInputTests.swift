import Testing
@testable import TypeIdentifiers

@Suite("Bad and unusual identifier input")
struct IdentifierInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let valid: Bool
        let messageFragment: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty", input: "", valid: false, messageFragment: "cannot be empty"),
        Case(name: "whitespace", input: "   ", valid: false, messageFragment: "U+0020"),
        Case(name: "inner space", input: "public.plain text", valid: false, messageFragment: "offset 12"),
        Case(name: "tab", input: "public.\ttext", valid: false, messageFragment: "U+0009"),
        Case(name: "newline", input: "public.text\n", valid: false, messageFragment: "U+000A"),
        Case(name: "slash", input: "image/png", valid: false, messageFragment: "'/'"),
        Case(name: "10 000 characters", input: String(repeating: "a", count: 10_000), valid: false, messageFragment: "limit is 255"),
        Case(name: "empty component", input: "com..example", valid: false, messageFragment: "empty component"),
        Case(name: "leading dot", input: ".com.example", valid: false, messageFragment: "empty component"),
        Case(name: "emoji", input: "com.example.🙂", valid: false, messageFragment: "🙂"),
        Case(name: "NUL", input: "com.exa\u{0}mple", valid: false, messageFragment: "U+0000"),
        Case(name: "non-ASCII letters", input: "com.例え.タイプ", valid: true, messageFragment: ""),
        Case(name: "Cyrillic", input: "ru.пример.тип", valid: true, messageFragment: ""),
        Case(name: "mixed case", input: "Com.Example.Type", valid: true, messageFragment: ""),
        Case(name: "255 bytes", input: String(repeating: "b", count: 255), valid: true, messageFragment: ""),
    ]

    @Test("identifiers are validated with a message naming the problem", arguments: cases)
    func validation(_ c: Case) {
        do {
            try TypeIdentifierSyntax.validate(identifier: c.input)
            #expect(c.valid, "expected \(c.name) to be rejected")
            #expect(UTType(c.input) != nil)
        } catch {
            #expect(!c.valid, "unexpected error \(error)")
            #expect(error.code == .invalidIdentifier)
            #expect(error.message.contains(c.messageFragment), "message was: \(error.message)")
            #expect(UTType(c.input) == nil)
        }
    }

    @Test("an undeclared identifier conforms only to itself")
    func undeclared() throws {
        let type = try #require(UTType("com.example.undeclared"))
        #expect(!type.isDeclared)
        #expect(!type.isDynamic)
        #expect(type.conforms(to: type))
        #expect(!type.conforms(to: .data))
        #expect(!type.conforms(to: .item))
        #expect(type.supertypes.isEmpty)
        #expect(TypeRegistry.shared.conforms("com.example.undeclared", to: "COM.EXAMPLE.UNDECLARED"))
    }

    @Test("identifiers compare case-insensitively")
    func caseInsensitive() throws {
        let lower = try #require(UTType("public.jpeg"))
        let upper = try #require(UTType("PUBLIC.JPEG"))
        #expect(lower == upper)
        #expect(lower.hashValue == upper.hashValue)
        #expect(upper.identifier == "public.jpeg", "declared types keep their declared spelling")
        #expect(upper.conforms(to: .image))
    }

    struct TagCase: CustomTestStringConvertible, Sendable {
        let name: String
        let tag: String
        let tagClass: UTTagClass
        var testDescription: String { name }
    }

    static let badTags: [TagCase] = [
        TagCase(name: "empty extension", tag: "", tagClass: .filenameExtension),
        TagCase(name: "whitespace extension", tag: "  ", tagClass: .filenameExtension),
        TagCase(name: "extension with space", tag: "tar gz", tagClass: .filenameExtension),
        TagCase(name: "10 000-character extension", tag: String(repeating: "x", count: 10_000), tagClass: .filenameExtension),
        TagCase(name: "empty MIME type", tag: "", tagClass: .mimeType),
        TagCase(name: "MIME type with newline", tag: "text/plain\n", tagClass: .mimeType),
    ]

    @Test("malformed tags give nil from the initializers and an error from the registry", arguments: badTags)
    func badTag(_ c: TagCase) {
        #expect(UTType(tag: c.tag, tagClass: c.tagClass, conformingTo: nil) == nil)
        #expect(throws: TypeIdentifierError.self) {
            try TypeRegistry.shared.resolvedType(tag: c.tag, tagClass: c.tagClass, conformingTo: nil)
        }
    }
}
