import Foundation
import Hummingbird
import LoopbackHTTP
import NIOCore
import Synchronization

/// The soak's loopback server (Hummingbird), at about 25 MB/s a connection so that kills
/// land mid-body:
/// - `POST /up/SEED/SIZE` checks the body against ``SoakPattern`` as it comes and records
///   whether it arrived whole and exact;
/// - `GET /down/SEED/SIZE` sends file SEED with `ETag: "sSEED"`, from a `Range` when asked
///   (and `If-Range` matches).
final class SoakServer: Sendable {
    /// What arrived for one upload: whole and exact bodies, and the ones cut off.
    struct Receipts: Sendable {
        var exact = 0
        var cut = 0
        var wrong = 0
    }

    let uploads = Mutex<[UInt64: Receipts]>([:])
    /// Download requests: how many, and how many asked for a range.
    let downloads = Mutex<(requests: Int, ranged: Int)>((0, 0))

    /// The pause after each 256 KiB: about 25 MB/s.
    static let pace: Duration = .milliseconds(10)
    static let step = 256 << 10

    static func with<T: Sendable>(_ body: @Sendable (URL, SoakServer) async throws -> T) async throws -> T {
        let server = SoakServer()
        return try await LoopbackServer.with(router: server.router()) { try await body($0, server) }
    }

    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/up/:seed/:size") { request, context -> String in
            guard let seed = context.parameters.get("seed", as: UInt64.self), let size = context.parameters.get("size", as: Int.self) else {
                throw HTTPError(.badRequest)
            }
            var offset = 0
            var exact = true
            var sincePause = 0
            do {
                for try await chunk in request.body {
                    chunk.withUnsafeReadableBytes { if !SoakPattern.matches($0, seed: seed, offset: offset) { exact = false } }
                    offset += chunk.readableBytes
                    sincePause += chunk.readableBytes
                    if sincePause >= Self.step {
                        sincePause = 0
                        try await Task.sleep(for: Self.pace)
                    }
                }
            } catch {
                self.uploads.withLock { $0[seed, default: Receipts()].cut += 1 }
                throw error
            }
            self.uploads.withLock {
                if offset == size && exact { $0[seed, default: Receipts()].exact += 1 } else { $0[seed, default: Receipts()].wrong += 1 }
            }
            return "\(offset)"
        }
        router.get("/down/:seed/:size") { request, context -> Response in
            guard let seed = context.parameters.get("seed", as: UInt64.self), let size = context.parameters.get("size", as: Int.self) else {
                throw HTTPError(.badRequest)
            }
            let tag = "\"s\(seed)\""
            var start = 0
            if let range = request.headers[.range], range.hasPrefix("bytes="),
               request.headers[.ifRange] == nil || request.headers[.ifRange] == tag,
               let from = Int(range.dropFirst(6).split(separator: "-").first ?? ""), from < size {
                start = from
            }
            self.downloads.withLock { $0.requests += 1; if start > 0 { $0.ranged += 1 } }
            var headers: HTTPFields = [.contentLength: "\(size - start)", .eTag: tag]
            if start > 0 { headers[.contentRange] = "bytes \(start)-\(size - 1)/\(size)" }
            let from = start
            return Response(status: from > 0 ? .partialContent : .ok, headers: headers, body: ResponseBody { writer in
                var offset = from
                while offset < size {
                    let count = min(Self.step, size - offset)
                    try await writer.write(ByteBuffer(bytes: SoakPattern.bytes(seed: seed, offset: offset, count: count)))
                    offset += count
                    try await Task.sleep(for: Self.pace)
                }
            })
        }
        return router
    }
}
