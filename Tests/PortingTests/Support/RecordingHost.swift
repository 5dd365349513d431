import AppExtensionsCompat
import Foundation
import Synchronization

/// A host that records how a request ended; ``ending()`` waits for it.
final class RecordingHost: ExtensionHostConnection, Sendable {
    /// How the request ended.
    enum Ending: Sendable {
        case completed([NSExtensionItem])
        case cancelled(NSError)

        /// The returned items, or `nil` when the request was cancelled.
        var items: [NSExtensionItem]? {
            if case .completed(let items) = self { return items }
            return nil
        }

        /// The error a cancelled request carries.
        var error: NSError? {
            if case .cancelled(let error) = self { return error }
            return nil
        }
    }

    private let state = Mutex<(ending: Ending?, waiters: [CheckedContinuation<Ending, Never>])>((nil, []))

    /// A context over `items` that reports to this host.
    func context(_ items: [NSExtensionItem]) -> NSExtensionContext {
        NSExtensionContext(inputItems: items, connection: self)
    }

    /// The request's ending, once there is one.
    func ending() async -> Ending {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Ending? in
                if state.ending == nil { state.waiters.append(continuation) }
                return state.ending
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        end(.completed(items))
        acknowledge(false)
    }

    func cancelRequest(withError error: NSError) {
        end(.cancelled(error))
    }

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        completionHandler(false)
    }

    private func end(_ ending: Ending) {
        let waiters = state.withLock { state -> [CheckedContinuation<Ending, Never>] in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: ending) }
    }
}
