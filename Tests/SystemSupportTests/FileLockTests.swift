import Foundation
import Glibc
import SystemSupport
import Testing

@Suite struct FileLockTests {
    /// The test's own error, to see that the lock passes the caller's errors through.
    struct Failure: Error, Equatable {
        var text: String
    }

    struct ModeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let held: FileLock.Mode
        let tried: FileLock.Mode
        let excludes: Bool
        var testDescription: String { name }
    }

    static let modes: [ModeCase] = [
        .init(name: "shared and shared", held: .shared, tried: .shared, excludes: false),
        .init(name: "shared, then exclusive", held: .shared, tried: .exclusive, excludes: true),
        .init(name: "exclusive, then shared", held: .exclusive, tried: .shared, excludes: true),
        .init(name: "exclusive and exclusive", held: .exclusive, tried: .exclusive, excludes: true),
    ]

    /// A lock file's URL in a fresh folder, which `body` may use; the folder is removed after.
    static func withLockFile<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("systemsupport-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder.appendingPathComponent("test.lock"))
    }

    /// Whether another open file description of `url` can take the lock in `mode` right now.
    static func isFree(_ url: URL, for mode: FileLock.Mode) throws -> Bool {
        let descriptor = open(url.path, O_RDWR | O_CLOEXEC)
        try #require(descriptor >= 0, "the lock file exists")
        defer { close(descriptor) }
        return flock(descriptor, (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0
    }

    @Test(arguments: modes)
    func holdersExcludeEachOtherByMode(_ example: ModeCase) throws {
        try Self.withLockFile { (url: URL) throws in
            let freeInside = try FileLock(url: url).withLock(example.held, onFailure: { Failure(text: $0.message) }) {
                () throws(Failure) in
                Result { try Self.isFree(url, for: example.tried) }
            }
            #expect(try freeInside.get() == !example.excludes)
            #expect(try Self.isFree(url, for: .exclusive), "the lock is released when the body returns")
        }
    }

    @Test func theBodysErrorComesOutUnchangedAndReleasesTheLock() throws {
        try Self.withLockFile { (url: URL) throws in
            let error = #expect(throws: Failure.self) {
                try FileLock(url: url).withLock(onFailure: { Failure(text: $0.message) }) { () throws(Failure) in
                    throw Failure(text: "from the body")
                }
            }
            #expect(error == Failure(text: "from the body"))
            #expect(try Self.isFree(url, for: .exclusive))
        }
    }

    @Test func aFileThatCannotBeOpenedIsAnErrorNamingItAndTheBodyDoesNotRun() throws {
        try Self.withLockFile { (file: URL) throws in
            let url = file.deletingLastPathComponent().appendingPathComponent("missing/test.lock")
            var ran = false
            let error = try #require(throws: FileLockError.self) {
                try FileLock(url: url).withLock(onFailure: { (error: FileLockError) in error }) { () throws(FileLockError) in
                    ran = true
                }
            }
            #expect(!ran)
            #expect(error.code == .cannotOpen)
            #expect(error.errno == ENOENT)
            #expect(error.message == "cannot open the lock file \(url.path): ENOENT (No such file or directory)")
        }
    }
}
