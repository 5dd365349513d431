import AppExtensions
import Foundation

/// A context for a request with one empty item, over a connection that records nothing.
enum ExtensionContextProbe {
    struct Silent: ExtensionHostConnection {
        func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) { acknowledge(false) }
        func cancelRequest(withError error: NSError) {}
        func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) { completionHandler(false) }
    }

    static func make() -> ExtensionContext {
        ExtensionContext(inputItems: [ExtensionItem()], connection: Silent())
    }
}
