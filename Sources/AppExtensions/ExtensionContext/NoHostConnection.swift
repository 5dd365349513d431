import Foundation

/// The connection of a context made with `ExtensionContext()`: there is no host, so a
/// completed request is acknowledged at once (`expired == false`), a cancellation and a
/// misuse go nowhere, and no URL is opened.
struct NoHostConnection: ExtensionHostConnection {
    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (_ expired: Bool) -> Void) {
        acknowledge(false)
    }

    func cancelRequest(withError error: NSError) {}

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        completionHandler(false)
    }
}
