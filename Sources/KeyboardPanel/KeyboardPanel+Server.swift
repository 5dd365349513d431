import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import LoopbackWeb

extension KeyboardPanel {
    /// Why the panel could not be served.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Serves a panel while `body` runs with it and its page's address (open a window on
    /// it); then closes the pages' connections and shuts the server down before returning.
    public static func with<T: Sendable>(_ body: (KeyboardPanel, URL) async throws -> T) async throws -> T {
        let panel = KeyboardPanel()
        let server = HTTPServerBuilder.http1WebSocketUpgrade { request, _, _ in
            guard panel.checkUpgrade(request) else { return .dontUpgrade }
            return .upgrade(WebResponses.securityHeaders) { inbound, outbound, _ in
                await panel.serve(inbound: inbound, outbound: outbound)
            }
        }
        do {
            return try await LoopbackWebServer.run(router: panel.router(), server: server, label: "appex.keyboard-panel") { base in
                panel.state.withLock { $0.origin = base }
                defer { panel.end() }
                guard let url = URL(string: "\(base)/k/\(panel.token.value)/") else { throw Failure(description: "no URL for \(base)") }
                return try await body(panel, url)
            }
        } catch let failure as LoopbackWebServer.NotStarted {
            throw Failure(description: failure.description)
        }
    }

    /// Closes every page's connection; pages that come later are closed at once.
    private func end() {
        let pages = state.withLock { state in
            state.ended = true
            return state.pages.values
        }
        // Outside the lock: a finished outbox's termination handler takes it.
        for page in pages { page.finish() }
        placementSink.finish()
    }

    /// One page: it is sent what the panel shows, then every change; its clicks tap keys.
    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let (outbox, post) = AsyncStream.makeStream(of: KeyboardPanelContent.self)
        guard subscribe(post) != nil else {
            // A close that fails finds the page gone already: nothing is left to tell it.
            try? await outbound.close(.goingAway, reason: "the keyboard panel ended")
            return
        }
        await withTaskGroup(of: Void.self) { group in
            // The writer: every message in order; when the panel ends, the socket closes.
            group.addTask {
                // A write or close that fails finds the page gone (closed, reloaded): the
                // reader below sees its end and unsubscribes it; no content is lost, since
                // every page is sent the whole panel each time.
                for await content in outbox {
                    guard (try? await outbound.write(.text(content.json))) != nil else { return }
                }
                try? await outbound.close(.goingAway, reason: "the keyboard panel ended")
            }
            do {
                for try await message in inbound.messages(maxSize: 1 << 12) {
                    // Only the panel's own page can be here (the origin check), and it sends
                    // taps alone; anything else is dropped, and the panel goes on serving.
                    guard case .text(let text) = message,
                          let request = try? JSONDecoder().decode(KeyboardPanelRequest.self, from: Data(text.utf8)) else { continue }
                    _ = await tap(request.tap, showing: request.showing)
                }
            } catch {
                // The page went away mid-message: it is gone either way.
            }
            post.finish()
        }
    }

    /// Whether `request` may open the live WebSocket: the secret's path, and the page's own
    /// origin (a page elsewhere that learned the address is refused).
    private func checkUpgrade(_ request: HTTPRequest) -> Bool {
        guard let path = request.path, path == "/k/\(token.value)/live" else { return false }
        let expected = state.withLock { $0.origin }
        return expected != nil && request.headerFields[.origin] == expected
    }

    /// The HTTP routes; everything outside `/k/<secret>/` is 403.
    private func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: SecretPathGate { prefix, secret in prefix == "k" && self.token.matches(secret) })
        router.get("/k/:token/") { _, _ in WebResponses.asset(KeyboardPanelAssets.page, type: "text/html; charset=utf-8") }
        router.get("/k/:token/app.js") { _, _ in WebResponses.asset(KeyboardPanelAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/k/:token/app.css") { _, _ in WebResponses.asset(KeyboardPanelAssets.style, type: "text/css; charset=utf-8") }
        return router
    }
}
