import Foundation
import LoopbackWeb
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// The loopback server of one share: the page, its script and style, icons, and the live
/// WebSocket, all under `/s/<token>/`; it runs only inside ``run(open:)``.
final class SheetServer: Sendable {
    let sheet: WebShareSheet
    let token: SecretToken

    /// Where the page's WebSocket may come from, once the port is known.
    private let origin = Mutex<String?>(nil)

    init(sheet: WebShareSheet, token: SecretToken) {
        self.sheet = sheet
        self.token = token
    }

    /// Listens on 127.0.0.1 (a port the kernel picks), hands the page's URL to `open`,
    /// and serves until the share ends or the page closes; then the server is shut down
    /// before this returns.
    func run(open: @Sendable (URL) async -> Void) async throws -> WebShareSheet.Ending {
        let share = await SheetConnection.make(sheet: sheet)
        let server = HTTPServerBuilder.http1WebSocketUpgrade { request, _, _ in
            guard self.checkUpgrade(request) else { return .dontUpgrade }
            return .upgrade(WebResponses.securityHeaders) { inbound, outbound, _ in
                await share.serve(inbound: inbound, outbound: outbound)
            }
        }
        return try await LoopbackWebServer.serve(router: router(share: share), server: server, label: "appex.share-sheet") { base in
            origin.withLock { $0 = base }
            guard let url = URL(string: "\(base)/s/\(token.value)/") else {
                throw WebShareSheetError(.serverFailed, "no URL for \(base)")
            }
            await open(url)
            return await withTaskGroup(of: Void.self) { deadline in
                // A page that never comes does not keep the server forever.
                deadline.addTask {
                    guard (try? await Task.sleep(for: self.sheet.connectionDeadline)) != nil else { return }
                    share.endUnlessConnected()
                }
                let ending = await share.ending()
                deadline.cancelAll()
                return ending
            }
        }
    }

    /// Whether `request` may open the live WebSocket: the token's path, and the page's
    /// own origin (a page elsewhere that learned the URL is refused).
    private func checkUpgrade(_ request: HTTPRequest) -> Bool {
        guard let path = request.path, path == "/s/\(token.value)/live" else { return false }
        let expected = origin.withLock { $0 }
        return expected != nil && request.headerFields[.origin] == expected
    }

    /// The HTTP routes; everything outside `/s/<token>/` is 403.
    private func router(share: SheetConnection) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SecretPathGate { prefix, secret in
            prefix == "s" && self.token.matches(secret) || prefix == "x" && share.acceptsInterfaceToken(secret)
        })
        router.get("/s/:token/") { _, _ in SheetResponses.page() }
        router.get("/s/:token/app.js") { _, _ in WebResponses.asset(SheetAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/s/:token/app.css") { _, _ in WebResponses.asset(SheetAssets.style, type: "text/css; charset=utf-8") }
        router.get("/s/:token/icon/:index") { _, context in
            guard let index = context.parameters.get("index", as: Int.self), let icon = share.icon(at: index) else {
                return Response(status: .notFound, headers: WebResponses.securityHeaders)
            }
            var headers = WebResponses.securityHeaders
            headers[.contentType] = icon.type
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: icon.body)))
        }
        router.get("/s/:token/thumb/:index") { _, context in
            guard let index = context.parameters.get("index", as: Int.self), let png = share.thumbnail(at: index) else {
                return Response(status: .notFound, headers: WebResponses.securityHeaders)
            }
            var headers = WebResponses.securityHeaders
            headers[.contentType] = "image/png"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        // The running extension's own interface: its bundle's files, under its own secret,
        // each with the interface's policy (a sandbox, nothing from elsewhere).
        router.get("/x/:token/**") { request, context in
            let parts = request.uri.path.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let origin = self.origin.withLock({ $0 }) else {
                return Response(status: .notFound, headers: WebResponses.securityHeaders)
            }
            switch await share.interfaceFile(token: parts[2], path: parts[3]) {
            case .success(let (data, type)):
                var headers = SheetResponses.interfaceHeaders(sheetOrigin: origin)
                headers[.contentType] = type
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
            case .failure(let problem):
                let status: HTTPResponse.Status = switch problem {
                case .badRequest: .badRequest
                case .notFound: .notFound
                case .tooLarge: .contentTooLarge
                }
                return Response(status: status, headers: WebResponses.securityHeaders)
            }
        }
        return router
    }
}
