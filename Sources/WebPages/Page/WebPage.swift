import Foundation

/// A page loaded in a ``WebBrowser``: its address and title as loaded, the scripts run in
/// it, and what it looks like afterwards.
///
/// Scripts the host runs go into isolated worlds: they share the page's document but
/// none of its JavaScript, so the page cannot see them or replace what they define.
public final class WebPage: Sendable {
    let client: DevToolsClient
    let session: String
    let frameID: String
    /// The address asked for.
    public let requestedURL: URL
    /// The address loaded, after redirects.
    public let url: URL
    /// The document's title (may be empty).
    public let title: String
    /// Set when the page had not finished loading within its time (the scripts then ran
    /// on what had loaded): why.
    public let loadNote: String?
    /// The world the host's own reads (title, HTML) run in.
    let utilityWorld: Int

    init(client: DevToolsClient, session: String, frameID: String, requestedURL: URL, url: URL, title: String,
         loadNote: String?, utilityWorld: Int) {
        self.client = client
        self.session = session
        self.frameID = frameID
        self.requestedURL = requestedURL
        self.url = url
        self.title = title
        self.loadNote = loadNote
        self.utilityWorld = utilityWorld
    }

    /// Sends a DevTools command to this page.
    func send<Result: Decodable>(_ method: String, _ parameters: some Encodable = NoParameters(),
                                 within limit: Duration = .seconds(30), as: Result.Type = Result.self) async throws(WebPageError) -> Result {
        try await client.send(method, parameters, session: session, within: limit)
    }

    /// A new isolated world in the page's main frame, named `name` (DevTools shows it).
    func makeIsolatedWorld(_ name: String, within limit: Duration = .seconds(30)) async throws(WebPageError) -> Int {
        struct Parameters: Encodable {
            var frameId: String
            var worldName: String
            // Chromium's spelling.
            var grantUniveralAccess = false
        }
        struct Created: Decodable { var executionContextId: Int }
        let created: Created = try await send("Page.createIsolatedWorld", Parameters(frameId: frameID, worldName: name), within: limit)
        return created.executionContextId
    }

    /// Evaluates `expression` in the world `context`; with `awaitPromise`, waits for the
    /// promise it returns. The value comes back by value (JSON).
    func evaluate<Value>(_ expression: String, in context: Int, awaitPromise: Bool = false, within limit: Duration = .seconds(30),
                         as: Value.Type = Value.self) async throws(WebPageError) -> EvaluateResult<Value> {
        return try await send("Runtime.evaluate", EvaluateParameters(expression: expression, contextId: context, awaitPromise: awaitPromise),
                              within: limit)
    }

    /// The page's document as HTML, doctype included, as it is now.
    public func html() async throws(WebPageError) -> String {
        let reply: EvaluateResult<JSONScalar> = try await evaluate(
            #"(document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\n" : "") + document.documentElement.outerHTML"#,
            in: utilityWorld)
        guard let html = reply.result.value?.string else {
            throw WebPageError(.protocolError, "the page's HTML could not be read: \(reply.exceptionDetails?.summary ?? reply.result.type)")
        }
        return html
    }

    /// A PNG of the page's viewport (1280×800 CSS pixels), as it is now.
    public func screenshot() async throws(WebPageError) -> Data {
        struct Parameters: Encodable { var format = "png" }
        struct Shot: Decodable { var data: String }
        let shot: Shot = try await send("Page.captureScreenshot", Parameters())
        guard let png = Data(base64Encoded: shot.data) else { throw WebPageError(.protocolError, "Page.captureScreenshot returned no PNG") }
        return png
    }
}
