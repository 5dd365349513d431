import Foundation
import Testing

@Suite("appex types")
struct TypesCommandTests {
    @Test("help of every types command", arguments: [
        ["types", "--help"], ["types", "info", "--help"], ["types", "conforms", "--help"],
        ["types", "for-file", "--help"], ["types", "list", "--help"], ["--help"],
    ])
    func help(_ arguments: [String]) async {
        let result = await appex(arguments)
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "help-" + arguments.dropLast().joined(separator: "-").ifEmpty("appex"))
    }

    struct Conformance: CustomTestStringConvertible, Sendable {
        let name: String
        let type: String
        let supertype: String
        let status: Int32
        var testDescription: String { name }
    }

    static let conformances: [Conformance] = [
        Conformance(name: "GIF is an image", type: "com.compuserve.gif", supertype: "public.image", status: 0),
        Conformance(name: "HEIC by extension is an image", type: ".heic", supertype: "public.image", status: 0),
        Conformance(name: "a MIME type", type: "image/png", supertype: "public.data", status: 0),
        Conformance(name: "reflexive", type: "public.text", supertype: "PUBLIC.TEXT", status: 0),
        Conformance(name: "a file URL is not text", type: "public.file-url", supertype: "public.text", status: 1),
        Conformance(name: "bad identifier", type: "not an identifier", supertype: "public.data", status: 2),
        Conformance(name: "empty extension", type: "public.data", supertype: ".", status: 2),
    ]

    @Test("conforms prints true or false with exit 0, 1 or 2", arguments: conformances)
    func conforms(_ c: Conformance) async {
        let result = await appex("types", "conforms", c.type, c.supertype)
        #expect(result.status == c.status)
        switch c.status {
        case 0: #expect(result.output == "true\n")
        case 1: #expect(result.output == "false\n")
        default: #expect(result.output.isEmpty); #expect(result.error.hasPrefix("error: "))
        }
    }

    @Test("info --json", arguments: ["public.jpeg", ".heic", "com.compuserve.gif", "public.file-url"])
    func infoJSON(_ type: String) async throws {
        let result = await appex("types", "info", type, "--json")
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "info-json-" + type.trimmingCharacters(in: ["."]))
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(object?["declared"] as? Bool == true)
    }

    @Test("info in text")
    func infoText() async {
        let result = await appex("types", "info", "public.heic")
        #expect(result.status == 0)
        expectSnapshot(result.output, named: "info-text-heic")
    }

    @Test("info on an unknown extension shows a dynamic type")
    func infoDynamic() async throws {
        let result = await appex("types", "info", ".qqzzappex", "--json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["dynamic"] as? Bool == true)
        #expect((object["identifier"] as? String)?.hasPrefix("dyn.a") == true)
        #expect(object["preferredFilenameExtension"] as? String == "qqzzappex")
    }

    @Test("for-file by content, in text and JSON")
    func forFile() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scan")
        try Data("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n".utf8).write(to: file)
        let text = await appex("types", "for-file", file.path)
        #expect(text.status == 0)
        #expect(text.output == "\(file.path): com.adobe.pdf (by content, libmagic said application/pdf)\n")
        let json = await appex("types", "for-file", file.path, "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["method"] as? String == "content")
        #expect(object["sniffedMIMEType"] as? String == "application/pdf")
        let missing = await appex("types", "for-file", dir.appendingPathComponent("nope").path)
        #expect(missing.status == 2)
        #expect(missing.error.contains("No such file"))
    }

    @Test("list filters by conformance, in text and JSON")
    func list() async throws {
        let text = await appex("types", "list", "--conforming-to", "public.image")
        #expect(text.status == 0)
        let lines = text.output.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("com.compuserve.gif") })
        #expect(lines.contains { $0.hasPrefix("public.heic") })
        #expect(!lines.contains { $0.hasPrefix("public.plain-text") })
        #expect(!lines.contains { $0.hasPrefix("org.freedesktop.mime.") }, "bridged types only on request")

        let json = await appex("types", "list", "--conforming-to", "public.image", "--include-shared-mime-info", "--json")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(array.count > lines.count, "shared-mime-info adds image types")
        #expect(array.allSatisfy { $0["identifier"] as? String == "public.image" || ($0["supertypes"] as? [String])?.contains("public.image") == true })
    }

    @Test("--info-plist adds a bundle's declared types")
    func infoPlist() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("appex-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plist = dir.appendingPathComponent("Info.plist")
        try Data("""
        <?xml version="1.0"?><plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.cli</string>
        <key>UTExportedTypeDeclarations</key><array><dict>
          <key>UTTypeIdentifier</key><string>com.example.cli.doc</string>
          <key>UTTypeConformsTo</key><array><string>public.json</string></array>
        </dict></array></dict></plist>
        """.utf8).write(to: plist)
        #expect(await appex("types", "conforms", "com.example.cli.doc", "public.text", "--info-plist", plist.path).status == 0)
        let bad = await appex("types", "info", "public.data", "--info-plist", dir.appendingPathComponent("missing.plist").path)
        #expect(bad.status == 2)
        #expect(bad.error.contains("missing.plist"))
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
