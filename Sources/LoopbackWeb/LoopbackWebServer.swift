import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle

/// A Hummingbird server on 127.0.0.1, at a port the kernel picks, for as long as a body
/// runs: the share sheet's, the Today dashboard's and the keyboard panel's.
package enum LoopbackWebServer {
    /// The server did not start listening.
    package struct NotStarted: Error, CustomStringConvertible {
        package let label: String
        package var description: String { "\(label): the server did not start" }
    }

    /// Serves `router` through `server` (HTTP/1 with its WebSocket upgrades) while `body`
    /// runs with the server's base address (`http://127.0.0.1:PORT`), then shuts the
    /// server down gracefully and returns what `body` returned. Throws ``NotStarted`` when
    /// the server never listened.
    package static func run<Result: Sendable>(router: Router<BasicRequestContext>,
                                      server: HTTPServerBuilder,
                                      label: String,
                                      _ body: (String) async throws -> Result) async throws -> Result {
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: label)
        logger.logLevel = .warning
        let app = Application(
            router: router, server: server,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { portSink.yield(port) }
                portSink.finish()
            },
            logger: logger)
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else {
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                throw NotStarted(label: label)
            }
            let result: Result
            do {
                result = try await body("http://127.0.0.1:\(port)")
            } catch {
                await services.triggerGracefulShutdown()
                try? await group.waitForAll()
                throw error
            }
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
            return result
        }
    }
}
