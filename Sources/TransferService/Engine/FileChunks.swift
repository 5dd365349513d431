import Foundation
import Glibc
import NIOCore
import NIOPosix

/// A file's bytes from an offset, as buffers read on NIO's blocking-I/O thread pool:
/// an upload's body, streamed with flat memory (AsyncHTTPClient asks for the next chunk
/// only when the previous one is on its way).
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let descriptor: Int32
    let length: Int64
    let chunkSize: Int
    /// Told how many bytes each chunk added.
    let onChunk: @Sendable (Int64) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: FileChunks
        var offset: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard offset < chunks.length else { return nil }
            let count = Int(Swift.min(Int64(chunks.chunkSize), chunks.length - offset))
            let (descriptor, start) = (chunks.descriptor, offset)
            let buffer = try await NIOThreadPool.singleton.runIfActive { () throws -> ByteBuffer in
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                    pread(descriptor, raw.baseAddress, count, off_t(start))
                }
                if read < 0 { throw IOError(errnoCode: errno, reason: "pread") }
                if read == 0 { throw IOError(errnoCode: EIO, reason: "the upload's file ended early") }
                return buffer
            }
            offset += Int64(buffer.readableBytes)
            chunks.onChunk(Int64(buffer.readableBytes))
            return buffer
        }
    }
}
