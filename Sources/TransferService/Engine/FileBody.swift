import AsyncHTTPClient
import CAppexSystem
import Glibc
import NIOCore
import NIOPosix

/// An upload's body: a file's bytes written to AsyncHTTPClient's stream writer in buffers,
/// one read ahead, with flat memory.
///
/// The chain of reads and writes runs on the request's event loop through futures. A chunk
/// the page cache holds is read there at once, with a read that cannot wait for the disk
/// (`preadv2` with `RWF_NOWAIT`); any other is read on NIO's blocking-I/O thread pool, a
/// hop there and back. The async body (`HTTPClientRequest.Body.stream` over an
/// `AsyncSequence`) hops through Swift concurrency's threads for every chunk as well, and
/// measured 0.72x–0.78x of `curl -T` where this one matches it (docs/BENCHMARKS.md,
/// "Background transfers").
///
/// Each chunk's write is started before the next chunk is read, so the socket and the
/// reads overlap. The file is a ``BodyFile``: the request need not wait for a read still
/// running when it ends.
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
            // The write goes first: the socket takes its bytes while the next are read.
            let written = writer.write(.byteBuffer(buffer))
            let ahead = next < length ? read(at: next) : nil
            return written.flatMap {
                onChunk(count)
                guard let ahead else { return loop.makeSucceededVoidFuture() }
                // On a turn of its own: when reads and writes all complete at once (a file
                // the page cache holds, a socket with room), the chain must not nest one
                // call a chunk, each holding its buffer, for the whole file.
                return loop.flatSubmit { write(ahead, at: next, to: writer) }
            }
        }
    }

    /// Reads the chunk at `start`: at once when the page cache holds its start (a read that
    /// cannot wait for the disk, so the loop may make it), else on the pool.
    private func read(at start: Int64) -> EventLoopFuture<ByteBuffer> {
        let count = Int(min(Int64(chunkSize), length - start))
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        let cached = try? file.read { descriptor in
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                var read = 0
                return appex_read_cached(descriptor, raw.baseAddress, count, start, &read) == 0 ? read : 0
            }
        }
        if let cached, cached > 0 { return loop.makeSucceededFuture(buffer) }
        let file = file
        return NIOThreadPool.singleton.runIfActive(eventLoop: loop) { () throws -> ByteBuffer in
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            var failure: Int32 = 0
            let read = try file.read { descriptor in
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                    let read = pread(descriptor, raw.baseAddress, count, off_t(start))
                    if read < 0 { failure = errno }
                    return max(read, 0)
                }
            }
            if failure != 0 { throw IOError(errnoCode: failure, reason: "pread") }
            if read == 0 { throw IOError(errnoCode: EIO, reason: "the upload's file ended early") }
            return buffer
        }
    }
}
