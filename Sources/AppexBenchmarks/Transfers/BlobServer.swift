import Foundation
import Hummingbird
import LoopbackHTTP
import NIOCore

/// The loopback HTTP server both sides of the transfer benchmark talk to (Hummingbird):
/// `POST /sink` reads the body to its end and answers with the byte count; `GET /blob`
/// streams the blob file from disk.
enum BlobServer {
    /// Runs the server while `body` runs, with its base URL.
    static func with<T: Sendable>(blob: URL, _ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.post("/sink") { request, _ -> String in
            var count = 0
            for try await chunk in request.body { count += chunk.readableBytes }
            return "\(count)"
        }
        let files = FileIO()
        router.get("/blob") { _, context -> Response in
            let size = (try? FileManager.default.attributesOfItem(atPath: blob.path)[.size] as? Int) ?? 0
            return Response(status: .ok, headers: [.contentLength: "\(size)", .contentType: "application/octet-stream"],
                            body: try await files.loadFile(path: blob.path, context: context, chunkLength: 256 << 10))
        }
        return try await LoopbackServer.with(router: router, body)
    }
}
