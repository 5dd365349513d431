import AsyncHTTPClient
import TransferWire
import Foundation
import Glibc
import NIOCore
import NIOHTTP1
import Synchronization

/// Receives a download's response on the connection's event loop: a 2xx body goes to the
/// partial file through a ``WriteBehindFile``, any other body is kept up to a limit.
///
/// A delegate rather than `HTTPClientResponse.Body`: that sequence hands over one buffer
/// at a time (its watermarks are 1 and 1), so every buffer was a round trip between the
/// event loop and the reading task, and the socket was read only when the task had caught
/// up. Here the event loop queues each buffer and reads on, pausing only when the writer
/// is `limit` bytes behind.
final class DownloadDelegate: HTTPClientResponseDelegate, Sendable {
    typealias Response = CollectedResponse

    private struct State {
        var head: HTTPResponseHead?
        var file: WriteBehindFile?
        var position: Int64 = 0
        var expected: Int64 = -1
        var collected = Data()
    }

    let descriptor: Int32
    /// Where the partial file ends: a 206 response continues from here.
    let offset: Int64
    let bodyLimit: Int
    let progress: @Sendable (_ received: Int64, _ expected: Int64) -> Void
    /// Told a 2xx response's validator before its first byte is written: the service
    /// records it, so that a download killed with its partial file resumes with `If-Range`.
    let began: @Sendable (_ validator: String?) async -> Void
    private let state = Mutex(State())

    init(descriptor: Int32, offset: Int64, bodyLimit: Int, progress: @escaping @Sendable (Int64, Int64) -> Void,
         began: @escaping @Sendable (String?) async -> Void) {
        self.descriptor = descriptor
        self.offset = offset
        self.bodyLimit = bodyLimit
        self.progress = progress
        self.began = began
    }

    /// The file the body went to, once a 2xx response began.
    var file: WriteBehindFile? { state.withLock { $0.file } }

    /// The validator of the 2xx response (`ETag` or `Last-Modified`), once one began.
    var validator: String? {
        state.withLock { state in
            guard state.file != nil, let head = state.head else { return nil }
            return head.headers.first(name: "ETag") ?? head.headers.first(name: "Last-Modified")
        }
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let report = state.withLock { state -> (Int64, Int64)? in
            state.head = head
            guard (200..<300).contains(Int(head.status.code)) else { return nil }
            // Anything but 206 is the whole body again, from the start.
            state.position = head.status == .partialContent ? offset : 0
            state.expected = head.headers.first(name: "Content-Length").flatMap(Int64.init).map { $0 + state.position } ?? -1
            state.file = WriteBehindFile(descriptor: descriptor, offset: state.position)
            return (state.position, state.expected)
        }
        guard let (position, expected) = report else { return task.eventLoop.makeSucceededVoidFuture() }
        progress(position, expected)
        // The body waits (backpressure) until the validator is on disk: a few milliseconds,
        // once per attempt.
        let validator = head.headers.first(name: "ETag") ?? head.headers.first(name: "Last-Modified")
        return task.eventLoop.makeFutureWithTask { [began] in await began(validator) }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let (file, position, expected) = state.withLock { state -> (WriteBehindFile?, Int64, Int64) in
            if state.file == nil, state.collected.count < bodyLimit {
                state.collected.append(contentsOf: buffer.readableBytesView.prefix(bodyLimit - state.collected.count))
            }
            state.position += Int64(buffer.readableBytes)
            return (state.file, state.position, state.expected)
        }
        guard let file else { return task.eventLoop.makeSucceededVoidFuture() }
        let room = task.eventLoop.makePromise(of: Void.self)
        do {
            let hasRoom = try file.append(buffer) { room.succeed() }
            progress(position, expected)
            if hasRoom { room.succeed() }
        } catch {
            room.fail(DiskWriteFailure(error: error))
        }
        return room.futureResult
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try state.withLock { state in
            guard let head = state.head else { throw HTTPClientError.remoteConnectionClosed }
            return Response(status: Int(head.status.code), headers: head.headers, body: state.collected)
        }
    }
}

/// Writing a download's file failed: no retry mends a full disk.
struct DiskWriteFailure: Error {
    var error: IOError
}
