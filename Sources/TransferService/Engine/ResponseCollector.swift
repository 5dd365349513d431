import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// A response as an attempt's outcome needs it: its status, headers, and the start of
/// its body up to the service's limit (for a download, of a body that is not the file).
struct CollectedResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: Data
}

/// Collects a response on the connection's event loop: its status, headers and the start
/// of its body up to a limit (the rest is read and dropped), for an upload sent with the
/// delegate API (``TransferEngine``'s upload, whose body is a ``FileBody``).
final class ResponseCollector: HTTPClientResponseDelegate, Sendable {
    typealias Response = CollectedResponse

    private struct State {
        var head: HTTPResponseHead?
        var body = Data()
    }

    let bodyLimit: Int
    private let state = Mutex(State())

    init(bodyLimit: Int) {
        self.bodyLimit = bodyLimit
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLock { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        state.withLock { state in
            guard state.body.count < bodyLimit else { return }
            state.body.append(contentsOf: buffer.readableBytesView.prefix(bodyLimit - state.body.count))
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        try state.withLock { state in
            guard let head = state.head else { throw HTTPClientError.remoteConnectionClosed }
            return Response(status: Int(head.status.code), headers: head.headers, body: state.body)
        }
    }
}
