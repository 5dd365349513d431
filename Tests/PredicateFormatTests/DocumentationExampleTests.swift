import Foundation
import PredicateFormat
import Testing

/// The examples of the DocC catalogs (Sources/*/…docc), run as written, so the
/// documentation cannot drift from the code.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("TypeIdentifiers.md")
    func typeIdentifiers() throws {
        let heic = try #require(UTType(filenameExtension: "heic"))
        #expect(heic.identifier == "public.heic")
        #expect(heic.conforms(to: .image))
        #expect(UTType.gif.identifier == "com.compuserve.gif")

        let unknown = try #require(UTType(filenameExtension: "xyz"))
        #expect(unknown.isDynamic && unknown.identifier.hasPrefix("dyn.a"))
        #expect(UTType(unknown.identifier)?.preferredFilenameExtension == "xyz")

        if SharedMIMEDatabase.system != nil {
            let sevenZip = try #require(UTType(mimeType: "application/x-7z-compressed"))
            #expect(sevenZip.preferredFilenameExtension == "7z" && sevenZip.conforms(to: .data))
        }

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("appex-doc-\(UUID().uuidString).txt")
        try Data("example host name\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let detection = try FileTypeDetector.shared.detect(fileAt: file)
        #expect(detection.type == .plainText)
        #expect(detection.method == .filenameExtension)
    }

    @Test("PredicateFormat.md")
    func predicateFormat() throws {
        let rule = try FormatPredicate(format: """
            SUBQUERY(extensionItems, $item, SUBQUERY($item.attachments, $attachment,
                ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count == 1
            """)
        let share = try PredicateValue(json: """
            {"extensionItems": [{"attachments": [{"registeredTypeIdentifiers": ["public.heic"]}]}]}
            """)
        #expect(try rule.evaluate(with: share))
        #expect(try FormatPredicate(format: rule.predicateFormat) == rule)
        let fast = try rule.compiled()
        #expect(try fast.evaluate(with: share))

        let error = try #require(throws: PredicateSyntaxError.self) { try FormatPredicate(format: "name == \"x\" AND") }
        #expect(error.description == "1:16: error: expected an expression after 'AND', found the end of the format string\nname == \"x\" AND\n               ^")
    }
}
