import AppExtensions
import Foundation
import Synchronization

/// The host side of an in-process request, recording how it ended.
final class RecordingConnection: ExtensionHostConnection {
    enum Ending: Sendable {
        case completed([ExtensionItem])
        case cancelled(NSError)
    }

    private let ended = Mutex<Ending?>(nil)

    var ending: Ending? { ended.withLock { $0 } }

    /// The completed items, when the request completed.
    var completedItems: [ExtensionItem]? {
        if case .completed(let items)? = ending { return items }
        return nil
    }

    /// The cancellation's error, when the request was cancelled.
    var cancellation: NSError? {
        if case .cancelled(let error)? = ending { return error }
        return nil
    }

    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        ended.withLock { $0 = .completed(items) }
        acknowledge(false)
    }

    func cancelRequest(withError error: NSError) {
        ended.withLock { $0 = .cancelled(error) }
    }

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        completionHandler(false)
    }

    /// A context for `items` reporting to this connection.
    func context(_ items: [ExtensionItem] = [ExtensionItem()]) -> ExtensionContext {
        ExtensionContext(inputItems: items, connection: self)
    }
}
