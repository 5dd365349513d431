import Hummingbird
import HummingbirdCore
import LoopbackWeb

extension LoopbackWebServer {
    /// ``LoopbackWebServer/run(router:server:label:_:)``, with a server that never listened
    /// reported as the sheet's own `server-failed` (``WebShareSheetError``).
    static func serve<Result: Sendable>(router: Router<BasicRequestContext>, server: HTTPServerBuilder, label: String,
                                        _ body: (String) async throws -> Result) async throws -> Result {
        do {
            return try await run(router: router, server: server, label: label, body)
        } catch let failure as NotStarted {
            throw WebShareSheetError(.serverFailed, failure.description)
        }
    }
}
