import AppExtensions
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// Hands the extension a message its page posted (JSON text, relayed unchanged).
    ///
    /// Throws when the text is not JSON or is over ``WebInterfaceMessage/maxBytes``, when
    /// the extension does not declare a web interface, or when the run is over.
    public func postToExtension(_ message: WebInterfaceMessage) async throws(WebInterfaceError) {
        guard installed.declaration?.webInterfacePage != nil else {
            throw WebInterfaceError(.noPage, "\(installed.identifier) declares no web interface (NSExtensionAttributes.AppexWebInterfacePage)")
        }
        try message.check(from: "the page's message")
        // The extension reads its request first: a page that loads before the extension
        // has started waits for it here.
        guard await requestSent() else {
            throw WebInterfaceError(.noPage, "the run of \(installed.identifier) is over")
        }
        do {
            try await send(.interfaceEvent(InterfaceMessage(json: message.json)))
        } catch {
            throw WebInterfaceError(.noPage, "\(installed.identifier) is gone: \(error)")
        }
    }

    /// Waits until the request has been sent to the extension: `true`, or `false` when the
    /// run ended first.
    func requestSent() async -> Bool {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool? in
                if state.requestSent { return true }
                if state.finished { return false }
                state.requestWaiters.append(continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// The request was sent (or will never be): whoever waits for it goes on.
    func releaseRequestWaiters(sent: Bool) {
        let waiters = state.withLock { state in
            if sent { state.requestSent = true }
            defer { state.requestWaiters = [] }
            return state.requestWaiters
        }
        waiters.forEach { $0.resume(returning: sent) }
    }

    /// A message the extension posted for its page: passed on as an event when it is
    /// JSON within the limit; anything else ends the run (the extension broke the protocol).
    func receive(_ message: InterfaceMessage) {
        let posted = WebInterfaceMessage(json: message.json)
        do throws(WebInterfaceError) {
            guard installed.declaration?.webInterfacePage != nil else {
                throw WebInterfaceError(.noPage, "it declares no web interface (NSExtensionAttributes.AppexWebInterfacePage)")
            }
            try posted.check(from: "its interface-post")
        } catch {
            return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent interface-post, but \(error.message)"))
        }
        eventSink.yield(.interfaceMessage(posted))
    }
}
