import Foundation
import LoopbackWeb
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// The loopback server of the web dashboard: the page, its script and style, and the live
/// WebSocket, all under `/t/<token>/`; it runs only inside ``run(open:)``.
final class TodayServer: Sendable {
    let view: WebTodayView
    let token: SecretToken
    /// Where the page's WebSocket may come from, once the port is known.
    private let origin = Mutex<String?>(nil)
    /// The number the next page connection gets.
    private let nextPage = Atomic<Int>(0)

    init(view: WebTodayView, token: SecretToken) {
        self.view = view
        self.token = token
    }

    /// Listens, hands the page's address to `open`, and runs the dashboard's loop
    /// (``TodayLoop``) until it ends; the server is shut down before this returns.
    func run(open: @Sendable (URL) async -> Void) async throws -> WebTodayView.Ending {
        let (inputs, input) = AsyncStream.makeStream(of: TodayLoop.Input.self)
        let server = HTTPServerBuilder.http1WebSocketUpgrade { request, _, _ in
            guard self.checkUpgrade(request) else { return .dontUpgrade }
            return .upgrade(WebResponses.securityHeaders) { inbound, outbound, _ in
                await self.serve(inbound: inbound, outbound: outbound, input: input)
            }
        }
        return try await LoopbackWebServer.serve(router: router(), server: server, label: "appex.today") { base in
            origin.withLock { $0 = base }
            guard let url = URL(string: "\(base)/t/\(token.value)/") else {
                throw WebShareSheetError(.serverFailed, "no URL for \(base)")
            }
            await open(url)
            return await TodayLoop(view: view, input: input).run(inputs)
        }
    }

    /// One page: it is sent the board, then every change; its requests go to the loop.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
                       input: AsyncStream<TodayLoop.Input>.Continuation) async {
        let page = nextPage.add(1, ordering: .relaxed).newValue
        let (outbox, post) = AsyncStream.makeStream(of: TodayPageMessage.self)
        // A page that comes as the dashboard ends is closed at once, not left waiting.
        guard case .enqueued = input.yield(.connected(page, post)) else {
            try? await outbound.close(.goingAway, reason: "the dashboard ended")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            // The writer: every message in order; when the dashboard ends, the socket closes.
            group.addTask {
                for await message in outbox {
                    guard (try? await outbound.write(.text(message.json))) != nil else { return }
                }
                try? await outbound.close(.goingAway, reason: "the dashboard ended")
            }
            do {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message,
                          let request = try? JSONDecoder().decode(TodayPageRequest.self, from: Data(text.utf8)) else {
                        post.yield(.status("The page sent a message the dashboard does not understand."))
                        continue
                    }
                    input.yield(.request(request))
                }
            } catch {
                // The page went away mid-message: it is gone either way.
            }
            input.yield(.disconnected(page))
            post.finish()
        }
    }

    /// Whether `request` may open the live WebSocket: the token's path, and the page's
    /// own origin (a page elsewhere that learned the address is refused).
    private func checkUpgrade(_ request: HTTPRequest) -> Bool {
        guard let path = request.path, path == "/t/\(token.value)/live" else { return false }
        let expected = origin.withLock { $0 }
        return expected != nil && request.headerFields[.origin] == expected
    }

    /// The HTTP routes; everything outside `/t/<token>/` is 403.
    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SecretPathGate { prefix, secret in prefix == "t" && self.token.matches(secret) })
        router.get("/t/:token/") { _, _ in WebResponses.asset(TodayAssets.page, type: "text/html; charset=utf-8") }
        router.get("/t/:token/app.js") { _, _ in WebResponses.asset(TodayAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/t/:token/app.css") { _, _ in WebResponses.asset(TodayAssets.style, type: "text/css; charset=utf-8") }
        return router
    }
}
