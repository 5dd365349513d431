import Foundation

extension WebBrowser {
    /// Loads `url` (http, https or file) in a new page and waits for its load event, for at
    /// most `loadLimit`; a page still loading then is used as it is (``WebPage/loadNote``).
    public func open(_ url: URL, loadLimit: Duration = .seconds(30)) async throws(WebPageError) -> WebPage {
        guard let scheme = url.scheme?.lowercased(), ["http", "https", "file"].contains(scheme) else {
            throw WebPageError(.loadFailed, "\(url.absoluteString): only http, https and file pages are loaded")
        }
        struct Navigate: Encodable { var url: String }
        struct Navigated: Decodable { var frameId: String; var errorText: String? }

        let session = try await newTarget()
        let _: IgnoredResult = try await client.send("Page.enable", session: session)
        let loaded = client.expect("Page.loadEventFired", session: session)
        let navigated: Navigated
        do {
            navigated = try await client.send("Page.navigate", Navigate(url: url.absoluteString), session: session, within: loadLimit)
        } catch {
            loaded.cancel()
            throw error
        }
        if let errorText = navigated.errorText, !errorText.isEmpty {
            loaded.cancel()
            throw WebPageError(.loadFailed, "\(url.absoluteString) could not be loaded: \(errorText)")
        }
        var loadNote: String?
        do {
            _ = try await loaded.value(within: loadLimit)
        } catch where error.code == .timedOut {
            loadNote = "the page had not finished loading after \(loadLimit); it was used as it was"
        }
        let draft = WebPage(client: client, session: session, frameID: navigated.frameId, requestedURL: url, url: url,
                            title: "", loadNote: loadNote, utilityWorld: 0)
        let world = try await draft.makeIsolatedWorld("appex")
        let reply: EvaluateResult<JSONScalar> = try await draft.evaluate("JSON.stringify([document.URL, document.title])", in: world)
        let pair = reply.result.value?.string.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
        let loadedURL = pair.first.flatMap(URL.init(string:)) ?? url
        return WebPage(client: client, session: session, frameID: navigated.frameId, requestedURL: url, url: loadedURL,
                       title: pair.count > 1 ? pair[1] : "", loadNote: loadNote, utilityWorld: world)
    }

    /// A new blank page (`about:blank`), for checking scripts.
    func openBlank() async throws(WebPageError) -> WebPage {
        struct Tree: Decodable { struct Node: Decodable { struct Frame: Decodable { var id: String }; var frame: Frame }; var frameTree: Node }
        let session = try await newTarget()
        let tree: Tree = try await client.send("Page.getFrameTree", session: session)
        let blank = URL(string: "about:blank") ?? URL(fileURLWithPath: "/")
        return WebPage(client: client, session: session, frameID: tree.frameTree.frame.id, requestedURL: blank, url: blank,
                       title: "", loadNote: nil, utilityWorld: 0)
    }

    /// A new tab at `about:blank`, attached: its session.
    private func newTarget() async throws(WebPageError) -> String {
        struct Create: Encodable { var url = "about:blank" }
        struct Created: Decodable { var targetId: String }
        struct Attach: Encodable { var targetId: String; var flatten = true }
        struct Attached: Decodable { var sessionId: String }
        let target: Created = try await client.send("Target.createTarget", Create())
        let attached: Attached = try await client.send("Target.attachToTarget", Attach(targetId: target.targetId))
        return attached.sessionId
    }
}
