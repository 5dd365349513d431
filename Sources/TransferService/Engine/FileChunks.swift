import Glibc
import NIOCore
import NIOPosix

/// A file's bytes from the start, as buffers read on NIO's blocking-I/O thread pool: an
/// upload's body, streamed with flat memory (AsyncHTTPClient asks for the next chunk only
/// when the previous one is on its way).
///
/// The iterator reads one chunk ahead: while the client sends a chunk, the pool reads the
/// next, so disk and network overlap instead of taking turns. The read ahead is a future
/// the iterator holds; one dropped early ends by itself and its buffer is freed.
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
        var ahead: EventLoopFuture<ByteBuffer>?

        mutating func next() async throws -> ByteBuffer? {
            guard offset < chunks.length else { return nil }
            let buffer = try await (ahead ?? read(at: offset)).get()
            offset += Int64(buffer.readableBytes)
            ahead = offset < chunks.length ? read(at: offset) : nil
            chunks.onChunk(Int64(buffer.readableBytes))
            return buffer
        }

        /// Starts reading the chunk at `start` on the pool.
        private func read(at start: Int64) -> EventLoopFuture<ByteBuffer> {
            let count = Int(Swift.min(Int64(chunks.chunkSize), chunks.length - start))
            let descriptor = chunks.descriptor
            return NIOThreadPool.singleton.runIfActive(eventLoop: MultiThreadedEventLoopGroup.singleton.any()) { () throws -> ByteBuffer in
                var buffer = ByteBufferAllocator().buffer(capacity: count)
                let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                    pread(descriptor, raw.baseAddress, count, off_t(start))
                }
                if read < 0 { throw IOError(errnoCode: errno, reason: "pread") }
                if read == 0 { throw IOError(errnoCode: EIO, reason: "the upload's file ended early") }
                return buffer
            }
        }
    }
}
