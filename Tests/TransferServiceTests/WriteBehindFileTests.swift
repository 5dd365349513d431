import Foundation
import Glibc
import NIOCore
import Testing
@testable import TransferService

/// The download's file written behind the network: every byte in order at its offset,
/// reading paused while the writer is behind, and a failed write failing the file.
@Suite("WriteBehindFile")
struct WriteBehindFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// What the partial file holds before the attempt.
        var existing: [UInt8]
        /// Where the attempt starts writing (a 206 continues, a 200 starts again at 0).
        var offset: Int64
        var buffers: [[UInt8]]
        /// The queue's limit: small ones make appends wait for room.
        var limit: Int
        /// Whether some append must find the queue full and wait for room.
        var waits = false
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a fresh file, buffers under the limit", existing: [], offset: 0,
             buffers: [Array("hello ".utf8), Array("world".utf8)], limit: 1 << 20),
        Case(name: "a 206 continues after what is there", existing: Array("0123".utf8), offset: 4,
             buffers: [Array("4567".utf8), Array("89".utf8)], limit: 1 << 20),
        Case(name: "a 200 starts again: the old longer file is cut", existing: Array(repeating: 0x41, count: 64), offset: 0,
             buffers: [Array("short".utf8)], limit: 1 << 20),
        Case(name: "many buffers over a tiny limit: appends wait for room", existing: [], offset: 0,
             buffers: (0..<200).map { index in Array(repeating: UInt8(index % 251), count: 4096) }, limit: 8192, waits: true),
    ]

    @Test(arguments: cases)
    func writes(_ test: Case) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("write-behind-\(UUID().uuidString)").path
        defer { unlink(path) }
        try Data(test.existing).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        let file = WriteBehindFile(descriptor: descriptor, offset: test.offset, limit: test.limit)
        var waited = 0
        for bytes in test.buffers {
            let (room, roomSink) = AsyncStream.makeStream(of: Void.self)
            let hasRoom = try file.append(ByteBuffer(bytes: bytes)) {
                roomSink.yield()
                roomSink.finish()
            }
            if !hasRoom {
                waited += 1
                var iterator = room.makeAsyncIterator()
                try #require(await iterator.next() != nil)
            }
        }
        try await file.synchronize()

        let expected = Array(test.existing.prefix(Int(test.offset))) + test.buffers.flatMap { $0 }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(expected))
        #expect(file.written == Int64(expected.count))
        if test.waits {
            #expect(waited > 0)
        } else {
            #expect(waited == 0)
        }
    }

    @Test("A write that fails fails the file: append throws, finish throws, and a waiting reader is let go")
    func failure() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("write-behind-\(UUID().uuidString)").path
        defer { unlink(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)  // pwrite fails with EBADF
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        let file = WriteBehindFile(descriptor: descriptor, offset: 0, limit: 16)
        let (room, roomSink) = AsyncStream.makeStream(of: Void.self)
        let hasRoom = try file.append(ByteBuffer(bytes: Array(repeating: 1, count: 64))) {
            roomSink.yield()
            roomSink.finish()
        }
        #expect(!hasRoom)
        var iterator = room.makeAsyncIterator()
        try #require(await iterator.next() != nil)
        await #expect(throws: IOError.self) { try await file.finish() }
        #expect(throws: IOError.self) { _ = try file.append(ByteBuffer(bytes: [1])) {} }
        #expect(file.written == 0)
    }
}
