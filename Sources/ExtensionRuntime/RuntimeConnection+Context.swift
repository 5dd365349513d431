import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension RuntimeConnection {
    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        state.withLock { $0.acknowledge = acknowledge }
        Task.detached { [self] in
            do {
                let (message, descriptors) = try await ReturnedItems.encode(items)
                try send(.completeRequest(message, descriptors: descriptors))
                descriptors.forEach { $0.close() }
            } catch {
                // The items cannot travel: tell the host why, as a cancellation.
                let wire = WireError(domain: "AppexRuntimeErrorDomain", code: 1,
                                     message: "the returned items could not be sent: \(error)")
                try? send(.cancelRequest(CancelRequest(error: wire)))
                state.withLock { $0.finished = 72 }
            }
        }
    }

    func cancelRequest(withError error: NSError) {
        try? send(.cancelRequest(CancelRequest(error: WireError(domain: error.domain, code: error.code,
                                                                message: error.localizedDescription))))
        state.withLock { $0.finished = 0 }
    }

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        let id = nextIdentifier()
        state.withLock { $0.opens[id] = completionHandler }
        do {
            try send(.openURL(OpenURLRequest(requestID: id, url: url.absoluteString)))
        } catch {
            let waiting = state.withLock { $0.opens.removeValue(forKey: id) }
            waiting?(false)
        }
    }

    func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError) {
        try? send(.misuse(Misuse(code: error.code.rawValue, message: error.message)))
    }

    /// Asks the host for a representation; `reply` gets the answer and its descriptors.
    func load(_ request: LoadRequest, reply: @escaping @Sendable (LoadReply, [OwnedFileDescriptor]) -> Void) {
        state.withLock { $0.loads[request.loadID] = reply }
        do {
            try send(.loadRequest(request))
        } catch {
            let waiting = state.withLock { $0.loads.removeValue(forKey: request.loadID) }
            waiting?(LoadReply(loadID: request.loadID, error: WireError(error)), [])
        }
    }
}
