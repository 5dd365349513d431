import Foundation
import Testing
@testable import TypeIdentifiers

@Suite("File type detection")
struct FileTypeDetectorTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]

    enum Entry: Sendable {
        case file([UInt8])
        case directory
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let path: String
        let entry: Entry
        let identifier: String
        let method: FileTypeDetection.Method
        var testDescription: String { name }
    }

    /// Without a content sniffer (``FileTypeDetector/shared``): the extension decides, or nothing does.
    static let cases: [Case] = [
        Case(name: "extension wins over content", path: "notes.txt", entry: .file(jpeg), identifier: "public.plain-text", method: .filenameExtension),
        Case(name: "extension case does not matter", path: "PHOTO.JPG", entry: .file(jpeg), identifier: "public.jpeg", method: .filenameExtension),
        Case(name: "JPEG without extension is data: no content is read", path: "photo", entry: .file(jpeg), identifier: "public.data", method: .fallback),
        Case(name: "empty file without extension", path: "empty", entry: .file([]), identifier: "public.data", method: .fallback),
        Case(name: "directory", path: "Folder", entry: .directory, identifier: "public.folder", method: .directory),
        Case(name: "directory with a dot", path: "v1.2", entry: .directory, identifier: "public.folder", method: .directory),
        Case(name: "application bundle", path: "Notes.app", entry: .directory, identifier: "com.apple.application-bundle", method: .directory),
        Case(name: "a Wallet pass file is the zipped pass", path: "Boarding.pkpass", entry: .file([0x50, 0x4B, 0x03, 0x04]), identifier: "com.apple.pkpass-data", method: .filenameExtension),
        Case(name: "a Wallet pass folder is the pass package", path: "Boarding.pkpass", entry: .directory, identifier: "com.apple.pkpass", method: .directory),
    ]

    @Test("files get the type a user expects", arguments: cases)
    func detect(_ c: Case) throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent(c.path)
            switch c.entry {
            case .file(let bytes): try Data(bytes).write(to: url)
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            }
            let detection = try FileTypeDetector.shared.detect(fileAt: url)
            #expect(detection.type.identifier == c.identifier)
            #expect(detection.method == c.method)
            #expect(detection.sniffedMIMEType == nil)
            #expect(try UTType(forFileAt: url) == detection.type)
        }
    }

    @Test("without a sniffer, an unknown extension is that extension's dynamic type")
    func unknownExtension() throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("blob.qqzz")
            try Data(Self.jpeg).write(to: url)
            let detection = try FileTypeDetector.shared.detect(fileAt: url)
            #expect(detection.method == .fallback)
            #expect(detection.type.isDynamic)
            #expect(detection.type.preferredFilenameExtension == "qqzz")
            #expect(detection.type.conforms(to: .data))
        }
    }

    @Test("special files are items, and nothing is read from them")
    func fifo() throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("pipe")
            #expect(mkfifo(url.path, 0o600) == 0)
            let detection = try FileTypeDetector.shared.detect(fileAt: url)
            #expect(detection.type.identifier == "public.item")
            #expect(detection.method == .special)
        }
    }

    @Test("a dangling symbolic link is public.symlink")
    func danglingLink() throws {
        try withTemporaryDirectory { dir in
            let url = dir.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: dir.appendingPathComponent("missing").path)
            #expect(try FileTypeDetector.shared.detect(fileAt: url).type.identifier == "public.symlink")
        }
    }

    @Test("missing and unreadable paths are errors naming the path",
          arguments: ["does-not-exist", "file.txt/below-a-file"])
    func unreadable(_ relative: String) throws {
        try withTemporaryDirectory { dir in
            try Data("x".utf8).write(to: dir.appendingPathComponent("file.txt"))
            let url = dir.appendingPathComponent(relative)
            let error = #expect(throws: TypeIdentifierError.self) { try FileTypeDetector.shared.detect(fileAt: url) }
            #expect(error?.code == .unreadableFile)
            #expect(error?.message.contains(url.path) == true)
        }
    }
}
