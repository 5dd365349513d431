import Foundation
import Testing
@testable import TypeIdentifiers

@Suite("Types declared by bundles")
struct BundleDeclarationTests {
    static let notesPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
        <key>CFBundleIdentifier</key><string>com.example.notes</string>
        <key>UTExportedTypeDeclarations</key>
        <array>
            <dict>
                <key>UTTypeIdentifier</key><string>com.example.notes.note</string>
                <key>UTTypeDescription</key><string>Note</string>
                <key>UTTypeConformsTo</key><array><string>public.json</string></array>
                <key>UTTypeTagSpecification</key>
                <dict>
                    <key>public.filename-extension</key><array><string>note</string><string>.exnote</string></array>
                    <key>public.mime-type</key><string>application/x-example-note</string>
                </dict>
            </dict>
            <dict>
                <key>UTTypeIdentifier</key><string>com.example.notes.checklist</string>
                <key>UTTypeConformsTo</key><string>com.example.notes.note</string>
            </dict>
        </array>
        <key>UTImportedTypeDeclarations</key>
        <array>
            <dict>
                <key>UTTypeIdentifier</key><string>org.markdown.md</string>
                <key>UTTypeConformsTo</key><array><string>public.plain-text</string></array>
                <key>UTTypeTagSpecification</key>
                <dict><key>public.filename-extension</key><string>mdx</string></dict>
            </dict>
        </array>
    </dict>
    </plist>
    """

    @Test("exported and imported declarations join conformance")
    func register() throws {
        let registry = TypeRegistry()
        let declarations = try TypeRegistry.declarations(infoPlist: Data(Self.notesPlist.utf8))
        #expect(declarations.count == 3)
        #expect(declarations[0].origin == .exported(bundleIdentifier: "com.example.notes"))
        #expect(declarations[0].filenameExtensions == ["note", "exnote"])
        #expect(declarations[2].origin == .imported(bundleIdentifier: "com.example.notes"))
        try registry.register(declarations)

        let checklist = try #require(registry.type(withIdentifier: "com.example.notes.checklist"))
        let json = try #require(registry.type(withIdentifier: "public.json"))
        let text = try #require(registry.type(withIdentifier: "public.text"))
        #expect(checklist.isDeclared)
        #expect(checklist.conforms(to: json))
        #expect(checklist.conforms(to: text))
        #expect(registry.conforms("com.example.notes.checklist", to: "public.data"))
        #expect(registry.type(tag: "note", tagClass: .filenameExtension, conformingTo: nil)?.identifier == "com.example.notes.note")
        #expect(registry.type(tag: "application/x-example-note", tagClass: .mimeType, conformingTo: nil)?.identifier == "com.example.notes.note")
        #expect(registry.type(tag: "mdx", tagClass: .filenameExtension, conformingTo: text)?.identifier == "org.markdown.md")
        // The shared registry is untouched.
        #expect(TypeRegistry.shared.type(withIdentifier: "com.example.notes.note")?.isDeclared == false)
    }

    @Test("types resolved before a registration still compare with types resolved after")
    func acrossSnapshots() throws {
        let registry = TypeRegistry()
        let data = try #require(registry.type(withIdentifier: "public.data"))
        try registry.register([TypeDeclaration("com.example.blob", conformsTo: ["public.data"], origin: .exported(bundleIdentifier: "b"))])
        let blob = try #require(registry.type(withIdentifier: "com.example.blob"))
        #expect(blob.conforms(to: data))
        #expect(!data.conforms(to: blob))
    }

    @Test("the system's types cannot be redefined, and an export beats an import")
    func precedence() throws {
        let registry = TypeRegistry()
        try registry.register([
            TypeDeclaration("public.jpeg", conformsTo: ["public.text"], origin: .exported(bundleIdentifier: "evil")),
            TypeDeclaration("com.example.shared", conformsTo: ["public.text"], origin: .imported(bundleIdentifier: "a")),
        ])
        try registry.register([
            TypeDeclaration("com.example.shared", conformsTo: ["public.image"], origin: .exported(bundleIdentifier: "b")),
        ])
        let jpeg = try #require(registry.type(withIdentifier: "public.jpeg"))
        #expect(jpeg.origin == .system)
        #expect(!registry.conforms("public.jpeg", to: "public.text"))
        let shared = try #require(registry.type(withIdentifier: "com.example.shared"))
        #expect(shared.origin == .exported(bundleIdentifier: "b"))
        #expect(registry.conforms("com.example.shared", to: "public.image"))
    }

    struct Rejection: CustomTestStringConvertible, Sendable {
        let name: String
        let declarations: [TypeDeclaration]
        let fragment: String
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = [
        Rejection(name: "cycle", declarations: [
            TypeDeclaration("com.example.a", conformsTo: ["com.example.b"]),
            TypeDeclaration("com.example.b", conformsTo: ["com.example.a"]),
        ], fragment: "conformance cycle: com.example.a → com.example.b → com.example.a"),
        Rejection(name: "self cycle", declarations: [TypeDeclaration("com.example.self", conformsTo: ["com.example.self"])],
                  fragment: "conformance cycle"),
        Rejection(name: "dynamic identifier", declarations: [TypeDeclaration("dyn.ah62d4rv4ge81g6pq")], fragment: "dynamic"),
        Rejection(name: "malformed identifier", declarations: [TypeDeclaration("com example")], fragment: "U+0020"),
        Rejection(name: "malformed parent", declarations: [TypeDeclaration("com.example.x", conformsTo: [""])], fragment: "empty"),
    ]

    @Test("bad declarations are rejected whole, with the reason", arguments: rejections)
    func rejected(_ c: Rejection) throws {
        let registry = TypeRegistry()
        let before = registry.declaredTypes.count
        let error = #expect(throws: TypeIdentifierError.self) { try registry.register(c.declarations) }
        #expect(error?.message.contains(c.fragment) == true, "message was: \(error?.message ?? "none")")
        #expect(registry.declaredTypes.count == before, "nothing was registered")
    }

    struct BadPlist: CustomTestStringConvertible, Sendable {
        let name: String
        let body: String
        let fragment: String
        var testDescription: String { name }
    }

    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict>\(body)</dict></plist>"
    }

    static let badPlists: [BadPlist] = [
        BadPlist(name: "not a plist", body: "this is not a plist", fragment: "not a property list"),
        BadPlist(name: "declarations not an array", body: plist("<key>UTExportedTypeDeclarations</key><string>x</string>"),
                 fragment: "UTExportedTypeDeclarations is a string, expected an array"),
        BadPlist(name: "entry not a dictionary", body: plist("<key>UTImportedTypeDeclarations</key><array><integer>3</integer></array>"),
                 fragment: "UTImportedTypeDeclarations[0] is a number"),
        BadPlist(name: "missing identifier", body: plist("<key>UTExportedTypeDeclarations</key><array><dict/></array>"),
                 fragment: "UTExportedTypeDeclarations[0].UTTypeIdentifier is missing"),
        BadPlist(name: "bad identifier", body: plist("<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>a b</string></dict></array>"),
                 fragment: "UTExportedTypeDeclarations[0].UTTypeIdentifier: type identifier \"a b\""),
        BadPlist(name: "conforms-to a number", body: plist("<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>a.b</string><key>UTTypeConformsTo</key><array><string>public.data</string><real>1.5</real></array></dict></array>"),
                 fragment: "UTExportedTypeDeclarations[0].UTTypeConformsTo[1] is a number, expected a string"),
        BadPlist(name: "tag specification not a dictionary", body: plist("<key>UTExportedTypeDeclarations</key><array><dict><key>UTTypeIdentifier</key><string>a.b</string><key>UTTypeTagSpecification</key><array/></dict></array>"),
                 fragment: "UTTypeTagSpecification is an array, expected a dictionary"),
    ]

    @Test("bad Info.plists get errors naming the key path", arguments: badPlists)
    func badPlist(_ c: BadPlist) {
        let error = #expect(throws: TypeIdentifierError.self) {
            try TypeRegistry.declarations(infoPlist: Data(c.body.utf8), file: "Test/Info.plist")
        }
        #expect(error?.message.hasPrefix("Test/Info.plist") == true)
        #expect(error?.message.contains(c.fragment) == true, "message was: \(error?.message ?? "none")")
    }
}
