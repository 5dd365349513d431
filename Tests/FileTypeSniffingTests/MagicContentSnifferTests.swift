import FileTypeSniffing
import Foundation
import Testing
import TypeIdentifiers

@Suite("Content sniffing with libmagic")
struct MagicContentSnifferTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
                               0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89]
    static let pdf = Array("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let path: String
        let bytes: [UInt8]
        let identifier: String
        let method: FileTypeDetection.Method
        let mimeType: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "JPEG without extension", path: "photo", bytes: jpeg, identifier: "public.jpeg", method: .content, mimeType: "image/jpeg"),
        Case(name: "PNG behind an unknown extension", path: "image.qqzz", bytes: png, identifier: "public.png", method: .content, mimeType: "image/png"),
        Case(name: "PDF without extension", path: "document", bytes: pdf, identifier: "com.adobe.pdf", method: .content, mimeType: "application/pdf"),
        Case(name: "plain text without extension", path: "README", bytes: Array("hello, world\nsecond line\n".utf8),
             identifier: "public.plain-text", method: .content, mimeType: "text/plain"),
        Case(name: "empty file without extension", path: "empty", bytes: [], identifier: "public.data", method: .content, mimeType: nil),
        Case(name: "the extension wins over the content", path: "notes.txt", bytes: jpeg, identifier: "public.plain-text",
             method: .filenameExtension, mimeType: nil),
    ]

    @Test("FileTypeDetector.sniffing reads the content when the extension decides nothing", arguments: cases)
    func detect(_ c: Case) throws {
        try withTemporaryFile(named: c.path, bytes: c.bytes) { url in
            let detection = try FileTypeDetector.sniffing.detect(fileAt: url)
            #expect(detection.type.identifier == c.identifier)
            #expect(detection.method == c.method)
            if let mimeType = c.mimeType { #expect(detection.sniffedMIMEType == mimeType) }
            #expect((detection.sniffedMIMEType != nil) == (c.method == .content))
        }
    }

    @Test("an unknown extension on unrecognisable bytes is that extension's dynamic type")
    func unknownExtension() throws {
        try withTemporaryFile(named: "blob.qqzz", bytes: [0x00, 0x01, 0x02, 0x03, 0xFE, 0xFF, 0x00, 0x9C]) { url in
            let detection = try FileTypeDetector.sniffing.detect(fileAt: url)
            #expect(detection.method == .content)
            #expect(detection.type.isDynamic)
            #expect(detection.type.preferredFilenameExtension == "qqzz")
            #expect(detection.type.conforms(to: .data))
        }
    }

    @Test("the system database loads")
    func databaseLoads() {
        #expect(MagicContentSniffer().loadError == nil)
    }

    @Test("a file that cannot be read is an error naming it", arguments: ["does-not-exist", "file.txt/below-a-file"])
    func unreadable(_ relative: String) throws {
        try withTemporaryFile(named: "file.txt", bytes: Array("x".utf8)) { file in
            let path = file.deletingLastPathComponent().appendingPathComponent(relative).path
            let error = #expect(throws: TypeIdentifierError.self) { try MagicContentSniffer().mimeType(ofFileAt: path) }
            #expect(error?.code == .unreadableFile)
            #expect(error?.message.contains(path) == true)
        }
    }
}
