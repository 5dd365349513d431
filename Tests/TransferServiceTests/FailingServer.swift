import Foundation
import LoopbackHTTP
import HTTPTypes
import Hummingbird
import NIOSSL
import NIOCore
import Synchronization
import Testing

/// A loopback HTTP server that fails on purpose, per path, and records what it received.
///
/// - `POST /flaky`: 503 twice, then 200 with the body's length.
/// - `POST /busy`: 429 with `Retry-After: 1`, then 200.
/// - `POST /bad`: 400, always.
/// - `POST /reset`: the first request's connection is reset mid-body (`SO_LINGER` 0 and a
///   close: the client reads ECONNRESET, not a response); then 200.
/// - `POST /moved`: the first time, 307 to `/moved?again`, which takes the body (201).
/// - `POST /store`, `PUT /files/NAME`: store the body, 201 `stored N bytes`.
/// - `POST /slow`: the first time, reads slowly once 1 MiB has come and yields to ``midway``
///   (a test kills the service then); later times read at full speed.
/// - `POST /hold`: reads 1 MiB, yields to ``midway`` and holds the rest of the body until
///   ``release()`` (or the end of ``with(tls:_:)``): a transfer that stays running for as
///   long as a test needs. One at a time.
/// - `GET /file`: ``fileBody``; the first response is cut off halfway, later ones honour `Range`.
/// - `GET /big`: ``bigBody`` with `ETag: "v2"`. The first response sends 2 MiB at once, yields
///   to ``midway`` and goes on at a crawl (64 KiB every 50 ms), for a test to kill the service
///   mid-download; later ones honour `Range` (with a matching `If-Range`) at full speed.
/// - `GET /changed`: the first response (`ETag: "v1"`) is cut off halfway; later ones send
///   ``changedBody`` whole with `ETag: "v2"`, whatever `Range` asks: the file changed.
/// - `GET /unsatisfiable`: the first response is cut off halfway; the second is 416; later
///   ones send ``fileBody`` whole.
/// - `POST /later`: the first request gets 429 with `Retry-After: 5`; later ones 201.
/// - `POST /down`: 503, always.
/// - `GET /hop/N`: a 302 to `/hop/N+1`, for ever (a server whose redirects never end).
/// - `POST /early`: 413 at once, before reading the body (a server refusing an upload by
///   its headers).
/// - `POST /unavailable`: the first request, its body whole, yields to ``midway`` and answers
///   503 once ``release()`` lets it; later ones get 201.
final class FailingServer: Sendable {
    struct Received: Sendable {
        var path: String
        var bytes: Data
        var complete: Bool
        var range: String?
        var ifRange: String?
        var at: ContinuousClock.Instant
    }

    static let fileBody = Data.testPattern(count: 4 << 20, seed: 1)
    static let bigBody = Data.testPattern(count: 24 << 20, seed: 2)
    static let changedBody = Data.testPattern(count: 3 << 20, seed: 3)

    let received = Mutex<[Received]>([])
    /// Yields while the first `POST /slow` is past its first MiB and still reading.
    let midway: AsyncStream<Void>
    private let midwaySink: AsyncStream<Void>.Continuation

    /// Ends when ``release()`` lets `POST /hold` read on.
    private let gate: AsyncStream<Void>
    private let gateSink: AsyncStream<Void>.Continuation

    init() {
        (midway, midwaySink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (gate, gateSink) = AsyncStream.makeStream(of: Void.self)
    }

    /// Lets a held `POST /hold` read the rest of its body.
    func release() {
        gateSink.finish()
    }
    private let counts = Mutex<[String: Int]>([:])

    /// Runs the server while `body` runs, with its base URL.
    /// With `tls`, the server speaks HTTPS and the base URL is `https://127.0.0.1:PORT`.
    static func with<T: Sendable>(tls: TLSConfiguration? = nil, _ body: @Sendable (URL, FailingServer) async throws -> T) async throws -> T {
        let server = FailingServer()
        return try await LoopbackServer.with(router: server.router(), tls: tls) { base in
            defer { server.release() }  // a held request must not hold up the shutdown
            return try await body(base, server)
        }
    }

    func completeUploads(_ path: String) -> [Data] {
        received.withLock { $0.filter { $0.path == path && $0.complete }.map(\.bytes) }
    }

    func requests(_ path: String) -> [Received] {
        received.withLock { $0.filter { $0.path == path } }
    }

    /// What arrived at `path`, one entry a request ("1048576 bytes", "65536 bytes (cut)"):
    /// what a failed test reports.
    func seen(_ path: String) -> [String] {
        requests(path).map { "\($0.bytes.count) bytes\($0.complete ? "" : " (cut)")" }
    }

    private func count(_ path: String) -> Int {
        counts.withLock { counts in
            counts[path, default: 0] += 1
            return counts[path]!
        }
    }

    /// The request's body, or its failure recorded (as a cut request) and thrown.
    private func wholeBody(_ request: Request, _ path: String) async throws -> Data {
        do {
            return try await Data(buffer: request.body.collect(upTo: 64 << 20))
        } catch {
            record(path, Data(), complete: false)
            throw error
        }
    }

    private func record(_ path: String, _ bytes: Data, complete: Bool, range: String? = nil, ifRange: String? = nil) {
        received.withLock { $0.append(Received(path: path, bytes: bytes, complete: complete, range: range, ifRange: ifRange, at: .now)) }
    }

    private func router() -> Router<ChannelRequestContext> {
        let router = Router(context: ChannelRequestContext.self)
        router.post("/flaky") { request, _ -> Response in
            // Counted once the body is whole: an attempt cut short does not use up an answer.
            let body = try await self.wholeBody(request, "/flaky")
            let n = self.count("/flaky")
            self.record("/flaky", body, complete: true)
            if n <= 2 { return Response(status: .serviceUnavailable) }
            return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "stored \(body.count) bytes")))
        }
        router.post("/moved") { request, _ -> Response in
            let n = self.count("/moved")
            let body = try await Data(buffer: request.body.collect(upTo: 64 << 20))
            self.record("/moved", body, complete: true)
            if n == 1 { return Response(status: .temporaryRedirect, headers: [.location: "/moved?again"]) }
            return Response(status: .created, body: .init(byteBuffer: ByteBuffer(string: "stored \(body.count) bytes")))
        }
        router.post("/store") { request, _ -> Response in
            let body = try await Data(buffer: request.body.collect(upTo: 64 << 20))
            self.record("/store", body, complete: true)
            return Response(status: .created, body: .init(byteBuffer: ByteBuffer(string: "stored \(body.count) bytes")))
        }
        router.put("/files/:name") { request, context -> Response in
            let body = try await Data(buffer: request.body.collect(upTo: 64 << 20))
            self.record("/files/" + (context.parameters.get("name").flatMap { $0.removingPercentEncoding } ?? ""), body, complete: true)
            return Response(status: .created, body: .init(byteBuffer: ByteBuffer(string: "stored \(body.count) bytes")))
        }
        router.post("/busy") { request, _ -> Response in
            // Counted once the body is whole: an attempt cut short does not use up an answer.
            let body = try await self.wholeBody(request, "/busy")
            let n = self.count("/busy")
            self.record("/busy", body, complete: true)
            if n == 1 { return Response(status: .tooManyRequests, headers: [.retryAfter: "1"]) }
            return Response(status: .ok)
        }
        router.post("/bad") { request, _ -> Response in
            let body = try await Data(buffer: request.body.collect(upTo: 64 << 20))
            self.record("/bad", body, complete: true)
            return Response(status: .badRequest, body: .init(byteBuffer: ByteBuffer(string: "no such album")))
        }
        router.post("/reset") { request, context -> Response in
            let n = self.count("/reset")
            var body = Data()
            for try await chunk in request.body {
                body.append(Data(buffer: chunk))
                if n == 1, body.count > 64 << 10 {
                    self.record("/reset", body, complete: false)
                    // A reset, not an answer: with a zero linger, close sends RST.
                    guard let socket = context.channel as? any SocketOptionProvider else { throw ResetError() }
                    try await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
                    try await context.channel.close()
                    throw ResetError()
                }
            }
            self.record("/reset", body, complete: true)
            return Response(status: .ok)
        }
        router.post("/slow") { request, _ -> Response in
            let n = self.count("/slow")
            var body = Data()
            for try await chunk in request.body {
                body.append(Data(buffer: chunk))
                // The first attempt slows to a crawl past 1 MiB and says so, so that a test can
                // kill the client while the body is truly half sent, whatever the socket buffers hold.
                if n == 1, body.count >= 1 << 20 {
                    self.midwaySink.yield()
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            self.record("/slow", body, complete: true)
            return Response(status: .created)
        }
        router.post("/hold") { request, _ -> Response in
            var body = Data()
            var held = false
            for try await chunk in request.body {
                body.append(Data(buffer: chunk))
                if !held, body.count >= 1 << 20 {
                    held = true
                    self.midwaySink.yield()
                    for await _ in self.gate {}
                }
            }
            self.record("/hold", body, complete: true)
            return Response(status: .created)
        }
        router.get("/changed") { request, _ -> Response in
            let n = self.count("/changed")
            self.record("/changed", Data(), complete: true, range: request.headers[.range], ifRange: request.headers[.ifRange])
            if n == 1 { return Self.cutOff(Self.fileBody, tag: "\"v1\"") }
            return Response(status: .ok, headers: [.contentLength: "\(Self.changedBody.count)", .eTag: "\"v2\""],
                            body: .init(byteBuffer: ByteBuffer(data: Self.changedBody)))
        }
        router.get("/unsatisfiable") { request, _ -> Response in
            let n = self.count("/unsatisfiable")
            self.record("/unsatisfiable", Data(), complete: true, range: request.headers[.range], ifRange: request.headers[.ifRange])
            switch n {
            case 1: return Self.cutOff(Self.fileBody, tag: "\"v1\"")
            case 2: return Response(status: .rangeNotSatisfiable, headers: [.contentRange: "bytes */\(Self.fileBody.count)"])
            default:
                return Response(status: .ok, headers: [.contentLength: "\(Self.fileBody.count)", .eTag: "\"v1\""],
                                body: .init(byteBuffer: ByteBuffer(data: Self.fileBody)))
            }
        }
        router.post("/later") { request, _ -> Response in
            let body = try await self.wholeBody(request, "/later")
            let n = self.count("/later")
            self.record("/later", body, complete: true)
            if n == 1 { return Response(status: .tooManyRequests, headers: [.retryAfter: "5"]) }
            return Response(status: .created)
        }
        router.post("/down") { request, _ -> Response in
            let body = try await self.wholeBody(request, "/down")
            self.record("/down", body, complete: true)
            return Response(status: .serviceUnavailable, body: .init(byteBuffer: ByteBuffer(string: "down for maintenance")))
        }
        router.get("/hop/:n") { _, context -> Response in
            let n = context.parameters.get("n", as: Int.self) ?? 0
            self.record("/hop", Data(), complete: true)
            return Response(status: .found, headers: [.location: "/hop/\(n + 1)"])
        }
        router.post("/early") { _, _ -> Response in
            self.record("/early", Data(), complete: false)
            return Response(status: .contentTooLarge, body: .init(byteBuffer: ByteBuffer(string: "too large")))
        }
        router.post("/unavailable") { request, _ -> Response in
            let n = self.count("/unavailable")
            let body = try await Data(buffer: request.body.collect(upTo: 64 << 20))
            self.record("/unavailable", body, complete: true)
            guard n == 1 else { return Response(status: .created) }
            self.midwaySink.yield()
            for await _ in self.gate {}
            return Response(status: .serviceUnavailable)
        }
        router.get("/big") { request, _ -> Response in
            let n = self.count("/big")
            let file = Self.bigBody
            let (range, ifRange) = (request.headers[.range], request.headers[.ifRange])
            self.record("/big", Data(), complete: true, range: range, ifRange: ifRange)
            if n > 1, ifRange == nil || ifRange == "\"v2\"", let range, range.hasPrefix("bytes="),
               let start = Int(range.dropFirst(6).split(separator: "-").first ?? ""), start < file.count {
                let rest = file.suffix(from: start)
                return Response(status: .partialContent,
                                headers: [.contentLength: "\(rest.count)", .eTag: "\"v2\"", .contentRange: "bytes \(start)-\(file.count - 1)/\(file.count)"],
                                body: .init(byteBuffer: ByteBuffer(data: rest)))
            }
            let crawl = n == 1
            return Response(status: .ok, headers: [.contentLength: "\(file.count)", .eTag: "\"v2\""],
                            body: ResponseBody { writer in
                                guard crawl else { return try await writer.write(ByteBuffer(data: file)) }
                                try await writer.write(ByteBuffer(data: file.prefix(2 << 20)))
                                self.midwaySink.yield()
                                var offset = 2 << 20
                                while offset < file.count {
                                    try await Task.sleep(for: .milliseconds(50))
                                    let end = min(offset + (64 << 10), file.count)
                                    try await writer.write(ByteBuffer(data: file[offset..<end]))
                                    offset = end
                                }
                            })
        }
        router.get("/file") { request, _ -> Response in
            let n = self.count("/file")
            let file = Self.fileBody
            let range = request.headers[.range]
            self.record("/file", Data(), complete: true, range: range)
            if n == 1 {
                let half = ByteBuffer(data: file.prefix(file.count / 2))
                return Response(status: .ok, headers: [.contentLength: "\(file.count)", .eTag: "\"v1\""],
                                body: ResponseBody { writer in
                                    try await writer.write(half)
                                    throw ResetError()
                                })
            }
            if let range, range.hasPrefix("bytes="), let start = Int(range.dropFirst(6).split(separator: "-").first ?? "") {
                let rest = file.suffix(from: start)
                return Response(status: .partialContent,
                                headers: [.contentLength: "\(rest.count)", .eTag: "\"v1\"", .contentRange: "bytes \(start)-\(file.count - 1)/\(file.count)"],
                                body: .init(byteBuffer: ByteBuffer(data: rest)))
            }
            return Response(status: .ok, headers: [.contentLength: "\(file.count)", .eTag: "\"v1\""],
                            body: .init(byteBuffer: ByteBuffer(data: file)))
        }
        return router
    }

    /// A 200 of `file` (whole length announced, `tag` its ETag) cut off halfway.
    static func cutOff(_ file: Data, tag: String) -> Response {
        let half = ByteBuffer(data: file.prefix(file.count / 2))
        return Response(status: .ok, headers: [.contentLength: "\(file.count)", .eTag: tag],
                        body: ResponseBody { writer in
                            try await writer.write(half)
                            throw ResetError()
                        })
    }

    struct ResetError: Error {}
}
