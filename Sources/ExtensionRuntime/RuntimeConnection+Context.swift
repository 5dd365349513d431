import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension RuntimeConnection {
    func completeRequest(returningItems items: [ExtensionItem], acknowledge: @escaping @Sendable (Bool) -> Void) {
        state.withLock { $0.acknowledge = acknowledge }
        submit { [self] in
            do {
                let (message, descriptors) = try await ReturnedItems.encode(items)
                defer { descriptors.forEach { $0.close() } }
                try await send(.completeRequest(message, descriptors: descriptors))
            } catch {
                // The items cannot travel: tell the host why, as a cancellation.
                let wire = WireError(domain: "AppexRuntimeErrorDomain", code: 1,
                                     message: "the returned items could not be sent: \(error)")
                try? await send(.cancelRequest(CancelRequest(error: wire)))
                finish(72)
            }
        }
    }

    func cancelRequest(withError error: NSError) {
        let wire = WireError(domain: error.domain, code: error.code, message: error.localizedDescription)
        submit { [self] in
            try? await send(.cancelRequest(CancelRequest(error: wire)))
            finish(0)
        }
    }

    func open(_ url: URL, completionHandler: @escaping @Sendable (Bool) -> Void) {
        let id = nextIdentifier()
        state.withLock { $0.opens[id] = completionHandler }
        submit { [self] in
            do {
                try await send(.openURL(OpenURLRequest(requestID: id, url: url.absoluteString)))
            } catch {
                let waiting = state.withLock { $0.opens.removeValue(forKey: id) }
                waiting?(false)
            }
        }
    }

    func extensionContext(_ context: ExtensionContext, didMisuse error: ExtensionContextError) {
        let misuse = Misuse(code: error.code.rawValue, message: error.message)
        submit { [self] in try? await send(.misuse(misuse)) }
    }

    /// Asks the host for a representation; `reply` gets the answer and its descriptors.
    func load(_ request: LoadRequest, reply: @escaping @Sendable (LoadReply, [OwnedFileDescriptor]) -> Void) {
        state.withLock { $0.loads[request.loadID] = reply }
        submit { [self] in
            do {
                try await send(.loadRequest(request))
            } catch {
                let waiting = state.withLock { $0.loads.removeValue(forKey: request.loadID) }
                waiting?(LoadReply(loadID: request.loadID, error: WireError(error)), [])
            }
        }
    }
}
