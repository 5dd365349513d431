import AppExtensions
import Foundation

/// Plays an extension's own page against it — the same test body in this process
/// (``InProcessWebInterfaceRunner``) and in a child process (``ChildProcessWebInterfaceRunner``).
///
/// ```swift
/// func checkPosts(_ runner: some WebInterfaceRunner) async throws {
///     let result = await runner.run(ExtensionRequest(inputItems: items)) { page in
///         try await page.post(["type": "ready"])
///         let photos = try #require(await page.next())
///         try await page.post(["type": "post", "caption": "Sunset"])
///     }
///     _ = try result.completedItems()
/// }
/// ```
public protocol WebInterfaceRunner: Sendable {
    /// Begins `request`, runs `page` as the extension's page (what the extension posts
    /// arrives in ``TestInterfacePage/next()``; ``TestInterfacePage/post(_:)-(WebInterfaceMessage)``
    /// sends to it), then reports how the request ended. An error `page` throws is the
    /// run's failure.
    func run(_ request: ExtensionRequest, page: @escaping @Sendable (TestInterfacePage) async throws -> Void) async -> ExtensionRunResult
}

/// The page's side of an extension's interface, in a test.
public struct TestInterfacePage: Sendable {
    private let received: AsyncStream<WebInterfaceMessage>
    private let send: @Sendable (WebInterfaceMessage) async throws -> Void

    init(received: AsyncStream<WebInterfaceMessage>, send: @escaping @Sendable (WebInterfaceMessage) async throws -> Void) {
        self.received = received
        self.send = send
    }

    /// The extension's next post, or `nil` once the request is over.
    public func next() async -> WebInterfaceMessage? {
        var iterator = received.makeAsyncIterator()
        return await iterator.next()
    }

    /// Posts `message` to the extension, as the page's `parent.postMessage` would.
    public func post(_ message: WebInterfaceMessage) async throws {
        try await send(message)
    }

    /// Posts `value`, encoded as JSON.
    public func post(_ value: some Encodable) async throws {
        try await send(try WebInterfaceMessage(value))
    }
}
