import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import LoopbackWeb
import NIOCore
import NIOSSL

/// A Hummingbird server on 127.0.0.1 and a port the system picks, for as long as a test's
/// body runs: the one way the tests and benchmarks serve HTTP (the transfer service's
/// failing server, the web pages' server, the benchmarks' blob and page servers). It is
/// the pages' own server (``LoopbackWebServer``), with TLS when asked, and with any request
/// context (`BasicRequestContext`, or ``ChannelRequestContext`` to reach the connection).
public enum LoopbackServer {
    /// Why the server could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Serves `router` while `body` runs, with the server's base URL
    /// (`https://127.0.0.1:PORT` with `tls`, else `http://…`); shuts it down gracefully after.
    public static func with<T: Sendable, Context: RequestContext & InitializableFromSource<ApplicationRequestContextSource>>(
        router: Router<Context>, tls: TLSConfiguration? = nil, _ body: @Sendable (URL) async throws -> T) async throws -> T {
        let server: HTTPServerBuilder = try tls.map { try .tls(tlsConfiguration: $0) } ?? .http1()
        do {
            return try await LoopbackWebServer.run(router: router, server: server, label: "loopback-server") { base in
                let scheme = tls == nil ? base : "https" + base.dropFirst("http".count)
                guard let url = URL(string: scheme) else { throw Failure(description: "no URL for \(scheme)") }
                return try await body(url)
            }
        } catch let failure as LoopbackWebServer.NotStarted {
            throw Failure(description: failure.description)
        }
    }
}

/// A request context that keeps the connection's channel: a test server reaches it to cut
/// the connection as a failing network does (`SO_LINGER` 0, then close: a reset).
public struct ChannelRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
