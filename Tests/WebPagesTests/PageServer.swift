import Foundation
import LoopbackHTTP
import HTTPTypes
import Hummingbird

/// A loopback HTTP server (Hummingbird) with the pages the preprocessing tests load, by path.
enum PageServer {
    /// The pages: path → HTML.
    static let pages: [String: String] = [
        "/article": """
            <!doctype html>
            <html><head><title>A Tale of Two Cities</title></head>
            <body>
              <h1>Book the First</h1>
              <p id="quote">It was the best of times, it was the worst of times.</p>
              <p>It was the age of wisdom, it was the age of foolishness.</p>
              <img src="/images/one.png" alt="one"><img src="/images/two.png" alt="two">
              <script>window.getSelection().selectAllChildren(document.getElementById("quote"));</script>
            </body></html>
            """,
        // The page's own script tries to take over the name Safari calls, and JSON with it.
        "/hostile": """
            <!doctype html>
            <html><head><title>Hostile</title>
            <script>
              window.ExtensionPreprocessingJS = { run(a) { a.completionFunction({ hijacked: true }); } };
              Object.defineProperty(window, "ExtensionPreprocessingJS", { get() { return { run(a) { a.completionFunction({ hijacked: true }); } }; }, set() {} });
              JSON.stringify = () => '{"dict":{"hijacked":true}}';
              Object.prototype.hijacked = true;
            </script></head>
            <body><p>Nothing to see.</p></body></html>
            """,
        // Blocks its own main thread for a minute, 2 s after its load event: late enough that
        // opening it (which makes a world and reads the title) is done even on a loaded machine.
        "/busy": """
            <!doctype html>
            <html><head><title>Busy</title></head>
            <body><script>
              addEventListener("load", () => setTimeout(() => { const end = Date.now() + 60000; while (Date.now() < end) {} }, 2000));
            </script></body></html>
            """,
    ]

    /// Runs the server while `body` runs, with its base URL.
    static func with<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let router = Router()
        router.get("/images/:name") { _, _ in
            Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47])))
        }
        for (path, html) in pages {
            router.get(RouterPath(path)) { _, _ in
                Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: html)))
            }
        }
        return try await LoopbackServer.with(router: router, body)
    }
}
