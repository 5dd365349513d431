import CAppexSystem
import Foundation
import Glibc
import Synchronization
import Testing
@testable import TransferService

/// One upload attempt through the engine, against the loopback server: every progress
/// report seen (the service throttles what it passes on), the file's bytes exact, and the
/// file closed once the attempt is over, however it ended.
@Suite("TransferEngine uploads", .serialized)
struct TransferEngineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var status: Int
        /// Complete bodies the server takes.
        var sendings: Int
        /// Whether the file is put out of the page cache first, so that its chunks are read
        /// on the thread pool rather than at once on the event loop.
        var evicted = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "a body of three chunks and a bit: progress up to its length, the bytes exact", path: "/store", status: 201, sendings: 1),
        Case(name: "a 307 redirect: sent twice, progress counts from zero again and never passes the length",
             path: "/moved", status: 201, sendings: 2),
        Case(name: "a file out of the page cache: read on the thread pool, the bytes exact", path: "/store", status: 201,
             sendings: 1, evicted: true),
    ]

    static let length = 3 * TransferEngine.uploadChunkSize + 1000

    @Test(arguments: cases)
    func upload(_ test: Case) async throws {
        let (path, bytes) = try Self.file()
        defer { unlink(path) }
        if test.evicted { try Self.evict(path) }
        let engine = TransferEngine(configuration: TransferServiceConfiguration())
        try await FailingServer.with { base, server in
            let reports = Mutex<[Int64]>([])
            let row = TaskRow.upload(to: base.appendingPathComponent(String(test.path.dropFirst())).absoluteString, id: 1, state: .running)
            let outcome = await engine.upload(row, bodyFile: path) { sent in
                reports.withLock { $0.append(sent) }
            }
            guard case .response(let status, _, _) = outcome else {
                Issue.record("the attempt ended with \(outcome); the server saw \(server.seen(test.path))")
                return
            }
            #expect(status == test.status)
            let whole = server.completeUploads(test.path)
            #expect(whole.count == test.sendings && whole.allSatisfy { $0 == bytes }, "the server saw \(server.seen(test.path))")
            let seen = reports.withLock { $0 }
            #expect(seen.allSatisfy { $0 <= Int64(bytes.count) }, "progress went past the body's length: \(seen)")
            #expect(seen.last == Int64(bytes.count))
            #expect(seen.filter { $0 == Int64(bytes.count) }.count == test.sendings, "\(seen)")
        }
        #expect(try Self.openDescriptors(of: path) == 0, "the upload's file is still open")
        await engine.shutdown()
    }

    @Test("A cancelled upload, its write held back by the server, ends and closes its file", .timeLimit(.minutes(1)))
    func cancelled() async throws {
        let (path, _) = try Self.file(size: 8 << 20)
        defer { unlink(path) }
        let engine = TransferEngine(configuration: TransferServiceConfiguration())
        try await FailingServer.with { base, server in
            let row = TaskRow.upload(to: base.appendingPathComponent("hold").absoluteString, id: 1, state: .running)
            let attempt = Task { await engine.upload(row, bodyFile: path) { _ in } }
            var midway = server.midway.makeAsyncIterator()
            _ = await midway.next()
            attempt.cancel()
            let outcome = await attempt.value
            guard case .fatal(let failure) = outcome else {
                Issue.record("a cancelled attempt ended with \(outcome)")
                return
            }
            #expect(failure.code == "cancelled")
        }
        #expect(try Self.openDescriptors(of: path) == 0, "the upload's file is still open")
        await engine.shutdown()
    }

    /// A file of `size` pseudo-random bytes.
    private static func file(size: Int = length) throws -> (String, Data) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("engine-upload-\(UUID().uuidString)").path
        let bytes = Data.testPattern(count: size, seed: 2)
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    /// Puts `path` out of the page cache, and checks that a read that cannot wait for the
    /// disk gets nothing of it. `POSIX_FADV_DONTNEED` is advice: on a loaded machine a page
    /// still under writeback stays (seen once in the rounds, docs/RELIABILITY.md), so the
    /// advice is given again, at most eight times, each after the file's pages were flushed.
    private static func evict(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var status: Int32 = 0
        var read = 0
        for _ in 0..<8 {
            try #require(fsync(descriptor) == 0 && posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0)
            var byte: UInt8 = 0
            // EOPNOTSUPP: the file system has no such read (tmpfs), so every chunk goes to the pool.
            status = appex_read_cached(descriptor, &byte, 1, 0, &read)
            if status == EAGAIN || status == EOPNOTSUPP { return }
        }
        Issue.record("the file is still in the page cache after eight evictions (\(status), read \(read))")
    }

    /// How many of this process's descriptors name `path`; a listing that fails is an error.
    private static func openDescriptors(of path: String) throws -> Int {
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        try #require(!entries.isEmpty, "/proc/self/fd listed no descriptor at all")
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }
}
