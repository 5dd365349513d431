import Foundation
import Synchronization
import Testing
import TypeIdentifiers

/// A sniffer that gives one answer and records the paths it was asked about.
final class RecordingSniffer: ContentSniffer {
    let answer: Result<String, TypeIdentifierError>
    let asked = Mutex<[String]>([])

    init(_ answer: Result<String, TypeIdentifierError>) { self.answer = answer }

    func mimeType(ofFileAt path: String) throws(TypeIdentifierError) -> String {
        asked.withLock { $0.append(path) }
        return try answer.get()
    }
}

/// The hook: a ``FileTypeDetector`` with a ``ContentSniffer`` asks it exactly when a
/// regular file's extension decides nothing, and maps its answer into the registry.
@Suite("Content sniffer hook")
struct ContentSnifferTests {
    enum Entry: Sendable {
        case file
        case directory
        case fifo
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let path: String
        var entry = Entry.file
        let answer: String
        let identifier: String
        let method: FileTypeDetection.Method
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no extension: the sniffer decides", path: "photo", answer: "image/png", identifier: "public.png", method: .content),
        Case(name: "an unknown extension: the sniffer decides", path: "image.qqzz", answer: "image/png", identifier: "public.png", method: .content),
        Case(name: "unrecognised content without extension is data", path: "blob", answer: "application/octet-stream",
             identifier: "public.data", method: .content),
        Case(name: "an empty file is data", path: "empty", answer: "inode/x-empty", identifier: "public.data", method: .content),
        Case(name: "a known extension: the sniffer is not asked", path: "notes.txt", answer: "image/png",
             identifier: "public.plain-text", method: .filenameExtension),
        Case(name: "a directory: the sniffer is not asked", path: "Folder", entry: .directory, answer: "image/png",
             identifier: "public.folder", method: .directory),
        Case(name: "a FIFO: nothing is read", path: "pipe", entry: .fifo, answer: "image/png", identifier: "public.item", method: .special),
    ]

    @Test("the sniffer is asked only when the extension decides nothing", arguments: cases)
    func sniffer(_ c: Case) throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent(c.path)
            switch c.entry {
            case .file: try Data("content".utf8).write(to: url)
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            case .fifo: #expect(mkfifo(url.path, 0o600) == 0)
            }
            let sniffer = RecordingSniffer(.success(c.answer))
            let detection = try FileTypeDetector(contentSniffer: sniffer).detect(fileAt: url)
            #expect(detection.type.identifier == c.identifier)
            #expect(detection.method == c.method)
            let asked = sniffer.asked.withLock { $0 }
            #expect(asked == (c.method == .content ? [url.path] : []))
            #expect(detection.sniffedMIMEType == (c.method == .content ? c.answer : nil))
        }
    }

    @Test("a sniffer's error is the detector's error")
    func snifferErrorsPassThrough() throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("photo")
            try Data("content".utf8).write(to: url)
            let failure = TypeIdentifierError(.unreadableFile, "cannot read \(url.path): permission denied")
            let detector = FileTypeDetector(contentSniffer: RecordingSniffer(.failure(failure)))
            let error = #expect(throws: TypeIdentifierError.self) { try detector.detect(fileAt: url) }
            #expect(error == failure)
        }
    }
}
