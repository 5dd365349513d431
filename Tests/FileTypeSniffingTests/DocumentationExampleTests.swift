import AppExtensions
import FileTypeSniffing
import Foundation
import Testing
import TypeIdentifiers

/// The example of FileTypeSniffing.docc, run as written.
@Suite("FileTypeSniffing documentation")
struct DocumentationExampleTests {
    @Test("FileTypeSniffing.md")
    func fileTypeSniffing() throws {
        try withTemporaryFile(named: "hostname", bytes: Array("example host name\n".utf8)) { file in
            let plain = try FileTypeDetector.shared.detect(fileAt: file)
            #expect(plain.type == .data && plain.method == .fallback)

            let sniffed = try FileTypeDetector.sniffing.detect(fileAt: file)
            #expect(sniffed.type == .plainText && sniffed.method == .content)
            #expect(sniffed.sniffedMIMEType == "text/plain")

            let provider = try #require(ItemProvider(contentsOf: file, detector: .sniffing))
            #expect(provider.registeredTypeIdentifiers == ["public.plain-text", "public.file-url"])
        }
    }
}
