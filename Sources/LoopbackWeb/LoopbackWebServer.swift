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
    ///
    /// Any request context the application can make (`BasicRequestContext`, or one that
    /// keeps the connection's channel, as a test server that cuts connections does).
    package static func run<Result: Sendable, Context: RequestContext & InitializableFromSource<ApplicationRequestContextSource>>(
        router: Router<Context>, server: HTTPServerBuilder, label: String,
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
        // The server runs in a task of its own, not a child of the caller's: cancelling the
        // caller (a test's time limit, a closed sheet) must not cancel the accept loop. That
        // drops connections NIO accepted but had not handed over yet, and their writers trap
        // ("Deinited NIOAsyncWriter without calling finish()", swift-nio issues 2813 and
        // 3481, whose advice is a graceful shutdown instead). This function owns the task:
        // every path below shuts the server down gracefully and awaits it.
        let serving = Task { try await services.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            await services.triggerGracefulShutdown()
            try await serving.value
            throw NotStarted(label: label)
        }
        let result: Result
        do {
            result = try await body("http://127.0.0.1:\(port)")
        } catch {
            await services.triggerGracefulShutdown()
            // The body's error is the one to report; the server's, if any, came of the same cause.
            _ = await serving.result
            throw error
        }
        await services.triggerGracefulShutdown()
        try await serving.value
        return result
    }
}
