import AsyncHTTPClient
import Glibc
import NIOCore
import NIOPosix

/// An upload's body: a file's bytes written to AsyncHTTPClient's stream writer in buffers
/// read on NIO's blocking-I/O thread pool, one read ahead, with flat memory.
///
/// The chain of reads and writes runs on an event loop through futures, so a chunk costs
/// two hops (the loop hands a read to the pool, the pool hands its buffer back). The async
/// body (`HTTPClientRequest.Body.stream` over an `AsyncSequence`) also hops through Swift
/// concurrency's threads for every chunk, and measured 0.72x–0.78x of `curl -T` where this
/// one matches it (docs/BENCHMARKS.md, "Background transfers").
///
/// While the writer sends a chunk, the pool reads the next, so disk and network overlap
/// instead of taking turns. The file is a ``BodyFile``: the request need not wait for a
/// read still running when it ends.
struct FileBody: Sendable {
    let file: BodyFile
    let length: Int64
    let chunkSize: Int
    /// The loop the chain runs on: the request's own, so that a write's completion and
    /// the next write need no hop.
    let loop: any EventLoop
    /// Told how many bytes each chunk added, once the writer has taken it.
    let onChunk: @Sendable (Int64) -> Void

    /// Writes the whole file to `writer`.
    func write(to writer: HTTPClient.Body.StreamWriter) -> EventLoopFuture<Void> {
        guard length > 0 else { return loop.makeSucceededVoidFuture() }
        return write(read(at: 0), at: 0, to: writer)
    }

    /// Writes the chunk `pending` reads at `offset`, then the ones after it.
    private func write(_ pending: EventLoopFuture<ByteBuffer>, at offset: Int64,
                       to writer: HTTPClient.Body.StreamWriter) -> EventLoopFuture<Void> {
        pending.flatMap { buffer in
            let count = Int64(buffer.readableBytes)
            let next = offset + count
            let ahead = next < length ? read(at: next) : nil
            return writer.write(.byteBuffer(buffer)).flatMap {
                onChunk(count)
                return ahead.map { write($0, at: next, to: writer) } ?? loop.makeSucceededVoidFuture()
            }
        }
    }

    /// Starts reading the chunk at `start` on the pool.
    private func read(at start: Int64) -> EventLoopFuture<ByteBuffer> {
        let count = Int(min(Int64(chunkSize), length - start))
        let file = file
        return NIOThreadPool.singleton.runIfActive(eventLoop: loop) { () throws -> ByteBuffer in
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let read = try file.read { descriptor in
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                    pread(descriptor, raw.baseAddress, count, off_t(start))
                }
            }
            if read < 0 { throw IOError(errnoCode: errno, reason: "pread") }
            if read == 0 { throw IOError(errnoCode: EIO, reason: "the upload's file ended early") }
            return buffer
        }
    }
}
