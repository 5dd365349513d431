import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOSSL
import ServiceLifecycle

/// A Hummingbird server on 127.0.0.1 and a port the system picks, for as long as a test's
/// body runs: the one way the tests and benchmarks serve HTTP (the transfer service's
/// failing server, the web pages' server, the benchmarks' blob and page servers).
public enum LoopbackServer {
    /// Why the server could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Serves `router` while `body` runs, with the server's base URL
    /// (`https://127.0.0.1:PORT` with `tls`, else `http://…`); shuts it down gracefully after.
    public static func with<T: Sendable>(router: Router<BasicRequestContext>, tls: TLSConfiguration? = nil,
                                         _ body: @Sendable (URL) async throws -> T) async throws -> T {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "loopback-server")
        logger.logLevel = .critical
        let app = Application(router: router, server: try tls.map { try .tls(tlsConfiguration: $0) } ?? .http1(),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
                              onServerRunning: { channel in
                                  if let port = channel.localAddress?.port { portSink.yield(port) }
                                  portSink.finish()
                              }, logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let base = URL(string: "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)") else {
                throw Failure(description: "the loopback server did not start")
            }
            let result = try await body(base)
            await services.triggerGracefulShutdown()
            return result
        }
    }
}
