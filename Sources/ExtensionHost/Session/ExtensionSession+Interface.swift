import AppExtensions
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// Hands the extension a message its page posted (JSON text, relayed unchanged).
    ///
    /// Throws when the text is not JSON or is over ``WebInterfaceMessage/maxBytes``, when
    /// the extension does not declare a web interface, or when the run is over.
    public func postToExtension(_ message: WebInterfaceMessage) async throws(WebInterfaceError) {
        guard installed.bundle.declaration?.webInterfacePage != nil else {
            throw WebInterfaceError(.noPage, "\(installed.identifier) declares no web interface (NSExtensionAttributes.AppexWebInterfacePage)")
        }
        try Self.checkInterfaceMessage(message, from: "the page")
        guard !state.withLock({ $0.finished }) else {
            throw WebInterfaceError(.noPage, "the run of \(installed.identifier) is over")
        }
        do {
            try await send(.interfaceEvent(InterfaceMessage(json: message.json)))
        } catch {
            throw WebInterfaceError(.noPage, "\(installed.identifier) is gone: \(error)")
        }
    }

    /// A message the extension posted for its page: passed on as an event when it is
    /// JSON within the limit; anything else ends the run (the extension broke the protocol).
    func receive(_ message: InterfaceMessage) {
        let posted = WebInterfaceMessage(json: message.json)
        do throws(WebInterfaceError) {
            guard installed.bundle.declaration?.webInterfacePage != nil else {
                throw WebInterfaceError(.noPage, "it declares no web interface (NSExtensionAttributes.AppexWebInterfacePage)")
            }
            try Self.checkInterfaceMessage(posted, from: "its interface-post")
        } catch {
            return fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent interface-post, but \(error.message)"))
        }
        eventSink.yield(.interfaceMessage(posted))
    }

    /// Whether `message` is JSON within the limit; the error says which it is not.
    static func checkInterfaceMessage(_ message: WebInterfaceMessage, from source: String) throws(WebInterfaceError) {
        let bytes = message.json.utf8.count
        guard bytes <= WebInterfaceMessage.maxBytes else {
            throw WebInterfaceError(.tooLarge, "\(source) is \(bytes) bytes, over the limit of \(WebInterfaceMessage.maxBytes)")
        }
        guard (try? JSONSerialization.jsonObject(with: Data(message.json.utf8), options: [.fragmentsAllowed])) != nil else {
            throw WebInterfaceError(.notJSON, "\(source) is not JSON: \(message.json.prefix(60).debugDescription)")
        }
    }
}
