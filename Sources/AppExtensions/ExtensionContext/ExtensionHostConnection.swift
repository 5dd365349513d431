import Foundation

/// What an ``ExtensionContext`` tells its host: the request completed, was cancelled, or
/// asks to open a URL.
///
/// The same context works in one process (the test harness records the calls) and
/// across processes (the host forwards them over its connection). Every method is called
/// at most once per request, except ``extensionContext(_:didMisuse:)``.
public protocol ExtensionHostConnection: Sendable {
    /// The extension completed the request with `items`.
    ///
    /// Call `acknowledge(false)` once the host has the items, or `acknowledge(true)` if
    /// the grace period ran out first (Apple's `expired`); the extension's completion
    /// handler receives the flag.
    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (_ expired: Bool) -> Void)

    /// The extension cancelled the request. `error`'s userInfo holds
    /// ``ExtensionContext/itemsAndErrorsKey``.
    func cancelRequest(withError error: NSError)

    /// The extension asks the host to open `url`, already allowed by the context's
    /// policy; call `completionHandler` with whether it was opened.
    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void)

    /// The extension misused the context (completed twice, opened a forbidden URL). The
    /// default does nothing.
    func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError)
}

extension ExtensionHostConnection {
    public func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError) {}
}

/// An object that handles an extension's request (Apple's `NSExtensionRequestHandling`).
///
/// The host creates the extension's principal object and calls ``beginRequest(with:)``
/// once; the handler reads `context.inputItems` and eventually completes or cancels.
public protocol ExtensionRequestHandling {
    /// Starts handling the request described by `context`.
    func beginRequest(with context: ExtensionContext)
}
