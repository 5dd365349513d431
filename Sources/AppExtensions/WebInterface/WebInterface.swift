import Foundation

/// An extension's own interface: a web page from its bundle that the host's sheet shows
/// in a sandboxed frame, and the messages between that page and the extension's code.
///
/// It takes the place of a custom `UIViewController` (`NSExtensionPrincipalClass` or a
/// storyboard on iOS). The page is named by `NSExtensionAttributes.AppexWebInterfacePage`;
/// it posts JSON with `parent.postMessage(value, "*")` and hears the extension's posts as
/// `message` events. The extension's Swift code still decides: it reads ``messages`` and
/// calls `completeRequest` or `cancelRequest` on its context. docs/CUSTOM-UI.md.
///
/// ```swift
/// final class PhotoPost: WebInterfaceRequestHandling {
///     func beginRequest(with context: ExtensionContext, interface: WebInterface) async {
///         for await message in interface.messages {
///             guard let post = try? message.decode(Post.self) else { continue }
///             …
///             context.completeRequest(returningItems: [])
///         }
///     }
/// }
/// ```
public final class WebInterface: Sendable {
    /// What the page posted, in order; ends when the request is over or the host closes
    /// the page.
    public let messages: AsyncStream<WebInterfaceMessage>

    private let deliver: AsyncStream<WebInterfaceMessage>.Continuation
    private let send: @Sendable (WebInterfaceMessage) async throws -> Void

    /// An interface whose posts go to `send`; the runtime (or a test) feeds it the page's
    /// messages with ``receive(_:)``.
    public init(send: @escaping @Sendable (WebInterfaceMessage) async throws -> Void) {
        (messages, deliver) = AsyncStream.makeStream(of: WebInterfaceMessage.self)
        self.send = send
    }

    /// Sends `message` to the page; it arrives there as a `message` event whose `data` is
    /// the decoded JSON value.
    public func post(_ message: WebInterfaceMessage) async throws {
        guard message.json.utf8.count <= WebInterfaceMessage.maxBytes else {
            throw WebInterfaceError(.tooLarge, "a message of \(message.json.utf8.count) bytes is over the limit of \(WebInterfaceMessage.maxBytes)")
        }
        try await send(message)
    }

    /// Encodes `value` as JSON and sends it to the page.
    public func post(_ value: some Encodable) async throws {
        try await post(try WebInterfaceMessage(value))
    }

    /// Hands the extension a message the page posted.
    public func receive(_ message: WebInterfaceMessage) {
        deliver.yield(message)
    }

    /// Ends ``messages``: the page is gone.
    public func close() {
        deliver.finish()
    }
}

/// A principal class with its own web interface (docs/CUSTOM-UI.md).
public protocol WebInterfaceRequestHandling: Sendable {
    /// The request began and the host shows the page; returns when the extension is done
    /// with the interface (it completes or cancels the request through `context`).
    func beginRequest(with context: ExtensionContext, interface: WebInterface) async
}
