import Foundation
import SystemSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Copies that survive a crash, and refuse what is not a file to copy.
@Suite("Durable file copies")
struct DurableFileTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Makes the source in the folder; its path.
        let make: @Sendable (URL) throws -> String
        let maximumSize: Int?
        /// The failure expected, or `nil` for a copy.
        let failure: DurableFile.Failure.Code?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a file", make: { folder in
            let path = folder.appendingPathComponent("a").path
            try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }, maximumSize: 5, failure: nil),
        Case(name: "a file over the limit", make: { folder in
            let path = folder.appendingPathComponent("big").path
            try Data(repeating: 1, count: 6).write(to: URL(fileURLWithPath: path))
            return path
        }, maximumSize: 5, failure: .tooLarge),
        // Opened without blocking: a pipe nobody writes to is refused, never waited on.
        Case(name: "a named pipe", make: { folder in
            let path = folder.appendingPathComponent("pipe").path
            guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return path
        }, maximumSize: nil, failure: .notRegularFile),
        Case(name: "a folder", make: { $0.path }, maximumSize: nil, failure: .notRegularFile),
        Case(name: "nothing", make: { $0.appendingPathComponent("absent").path }, maximumSize: nil, failure: .fileSystem),
    ]

    @Test("a copy replaces the destination whole, or leaves it and its folder as they were", arguments: cases)
    func copy(_ test: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("destination")
        try Data("old".utf8).write(to: destination)
        chmod(destination.path, 0o640)
        let source = try test.make(folder)
        let before = try Set(FileManager.default.contentsOfDirectory(atPath: folder.path))

        if let failure = test.failure {
            let error = try #require(throws: DurableFile.Failure.self) {
                try DurableFile.copy(source, over: destination.path, maximumSize: test.maximumSize)
            }
            #expect(error.code == failure)
            #expect(error.message.contains(source), "\(error.message)")
            #expect(try Data(contentsOf: destination) == Data("old".utf8))
        } else {
            let copied = try DurableFile.copy(source, over: destination.path, maximumSize: test.maximumSize)
            #expect(copied == 5)
            #expect(try Data(contentsOf: destination) == Data("hello".utf8))
            let mode = try #require(FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? Int)
            #expect(mode == 0o640)
        }
        // No temporary file is left behind.
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: folder.path)) == before)
    }
}
