import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The loopback HTTP server both sides of the transfer benchmark talk to (Hummingbird):
/// `POST /sink` reads the body to its end and answers with the byte count; `GET /blob`
/// streams the blob file from disk.
enum BlobServer {
    /// Runs the server while `body` runs, with its base URL.
    static func with<T: Sendable>(blob: URL, _ body: @Sendable (URL) async throws -> T) async throws -> T {
        var logger = Logger(label: "appex-bench-blob")
        logger.logLevel = .critical
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
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              onServerRunning: { channel in
                                  if let port = channel.localAddress?.port { portSink.yield(port) }
                                  portSink.finish()
                              }, logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let base = URL(string: "http://127.0.0.1:\(port)") else {
                throw HostBenchError("the loopback server did not start")
            }
            let result = try await body(base)
            await services.triggerGracefulShutdown()
            return result
        }
    }
}
