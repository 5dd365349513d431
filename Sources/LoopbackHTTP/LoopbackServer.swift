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

    /// How long a graceful shutdown may wait for the connections still open before the
    /// server is cancelled.
    static let shutdownLimit: Duration = .seconds(10)

    /// Serves `router` while `body` runs, with the server's base URL
    /// (`https://127.0.0.1:PORT` with `tls`, else `http://…`); shuts it down gracefully after,
    /// whether `body` returned or threw.
    ///
    /// The server is not cancelled while it may hold a connection it accepted and has not
    /// served yet: NIO traps on such a connection's writer ("Deinited NIOAsyncWriter without
    /// calling finish()", swift-nio#2637), which ended a whole test run when a test failed
    /// with Chromium still connected. A graceful shutdown serves or closes every
    /// connection; only one that has not ended within ``shutdownLimit`` (a request that
    /// never finishes) is cancelled.
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
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let base = URL(string: "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)") else {
                // It never listened: no connection to trap on.
                group.cancelAll()
                throw Failure(description: "the loopback server did not start")
            }
            let result: Result<T, any Error>
            do {
                result = .success(try await body(base))
            } catch {
                result = .failure(error)
            }
            await services.triggerGracefulShutdown()
            // The first to end: the server, or the limit (then the server is cancelled).
            group.addTask { try await Task.sleep(for: shutdownLimit) }
            _ = try? await group.next()
            group.cancelAll()
            return try result.get()
        }
    }
}
