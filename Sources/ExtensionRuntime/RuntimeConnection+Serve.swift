import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension RuntimeConnection {
    /// Serves the request until it is over or the host goes away: the host's messages and
    /// the context's jobs, each job a child task. Returns the process's exit code.
    func serve() async -> Int32 {
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await receive() }
            for await job in jobs { group.addTask(operation: job) }
            group.cancelAll()
        }
        return state.withLock { $0.finished } ?? 0
    }

    /// Reads the host's messages until the channel closes or the request is over.
    private func receive() async {
        do {
            for try await frame in channel.frames {
                let message = try WireMessage(frame)
                switch message {
                case .composeEvent(let event):
                    // In the receive loop itself: one event at a time, in order, each
                    // answered before the next is read.
                    try await applyComposeEvent(event)
                case .viewAction(let action):
                    // Like a compose event: one at a time, each answered before the next is read.
                    guard let view = state.withLock({ $0.viewController }) else {
                        throw RuntimeError(.protocolFailure, "the host sent view-action, but this extension shows no view controller")
                    }
                    try await send(.viewUpdate(await view.apply(action)))
                case .textDocument(let change):
                    // In the receive loop, like a view action: in order with the person's keys.
                    guard let view = state.withLock({ $0.viewController }) else {
                        throw RuntimeError(.protocolFailure, "the host sent text-document, but this extension shows no view controller")
                    }
                    try await view.documentDidChange(to: change.document)
                case .interfaceEvent(let event):
                    guard let interface = state.withLock({ $0.interface }) else {
                        throw RuntimeError(.protocolFailure, "the host sent interface-event, but this extension has no web interface")
                    }
                    interface.receive(WebInterfaceMessage(json: event.json))
                case .widgetUpdate(let request):
                    let widget = try widget(for: message)
                    await widget.update(request, on: self)
                case .widgetDisplayMode(let change):
                    // In the receive loop, like a compose event: answered before the next is read.
                    let widget = try widget(for: message)
                    try await send(.widgetState(await widget.change(change)))
                case .widgetTap(let tap):
                    // In the receive loop, like a view action: answered before the next is read.
                    let widget = try widget(for: message)
                    try await send(.widgetState(await widget.tap(tap)))
                case .editQuery(let query):
                    // In the receive loop, like a compose event: answered before the next is read.
                    let editor = try editor(for: message)
                    try await send(.editQueryReply(await editor.answer(query)))
                case .editBegin(let begin, let descriptors):
                    let editor = try editor(for: message, closing: descriptors)
                    try await send(try await editor.begin(begin, images: descriptors))
                case .editEnd(let end):
                    let editor = try editor(for: message)
                    try await editor.end(end, on: self)
                case .fileProviderCall(let call, let descriptors):
                    // Calls overlap: each is a job of the conversation, answered when the
                    // provider's completion handler runs, however late.
                    guard let provider = state.withLock({ $0.provider }) else {
                        descriptors.forEach { $0.close() }
                        throw RuntimeError(.protocolFailure, "the host sent file-provider-call, but this extension is not a file provider")
                    }
                    submit { [self] in
                        let (reply, files) = await provider.answer(call, descriptors: descriptors)
                        defer { files.forEach { $0.close() } }
                        try? await send(.fileProviderReply(reply, descriptors: files)) // fails only when the host has gone
                    }
                case .ping(let ping):
                    try await send(.pong(Pong(answering: ping)))
                default:
                    try handle(message)
                }
            }
            // The host closed the channel (it ended the request, or died).
            finish(0)
        } catch let error as ChannelError where error.code == .cancelled {
            // The request is over.
        } catch {
            FileHandle.standardError.write(Data("appex extension runtime: \(error)\n".utf8))
            finish(71)
        }
    }

    private func handle(_ message: WireMessage) throws {
        switch message {
        case .loadReply(let reply, let descriptors):
            let waiting = state.withLock { $0.loads.removeValue(forKey: reply.loadID) }
            guard let waiting else {
                descriptors.forEach { $0.close() }
                throw RuntimeError(.protocolFailure, "a load-reply for load \(reply.loadID), which nobody asked for")
            }
            waiting(reply, descriptors)
        case .openURLReply(let reply):
            let waiting = state.withLock { $0.opens.removeValue(forKey: reply.requestID) }
            waiting?(reply.opened)
        case .completeAcknowledgement(let ack):
            let acknowledge = state.withLock { $0.acknowledge }
            acknowledge?(ack.expired)
            finish(0)
        case .hostState(let change):
            if let hostState = ExtensionContext.HostState(rawValue: change.state) {
                context.withLock { $0 }?.hostStateDidChange(hostState)
            }
        default:
            throw RuntimeError(.protocolFailure, "the host sent \(message.name), which only an extension sends")
        }
    }

    /// The widget a widget message goes to.
    private func widget(for message: WireMessage) throws -> WidgetBox {
        guard let widget = state.withLock({ $0.widget }) else {
            throw RuntimeError(.protocolFailure, "the host sent \(message.name), but this extension is not a widget")
        }
        return widget
    }

    /// The photo editor an edit message goes to (`descriptors` are closed when there is none).
    private func editor(for message: WireMessage, closing descriptors: [OwnedFileDescriptor] = []) throws -> EditorBox {
        guard let editor = state.withLock({ $0.editor }) else {
            descriptors.forEach { $0.close() }
            throw RuntimeError(.protocolFailure, "the host sent \(message.name), but this extension is not a photo editor")
        }
        return editor
    }

    /// Applies one of the host's compose-sheet events on the main actor and answers it.
    private func applyComposeEvent(_ event: ComposeEventMessage) async throws {
        guard let sheet = state.withLock({ $0.composeSheet }) else {
            throw RuntimeError(.protocolFailure, "the host sent compose-event, but this extension has no compose sheet")
        }
        try await send(.composeUpdate(await sheet.apply(event)))
    }
}
