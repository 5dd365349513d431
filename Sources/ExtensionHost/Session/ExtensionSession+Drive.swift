import AppExtensions
import ExtensionIPC
import ExtensionWire
import Foundation

extension ExtensionSession {
    /// Runs the conversation until the extension is gone: hello, begin, loads (each a
    /// child task), host messages from the outbox, the ending. Every wait is an event of
    /// the loop (a frame, the pidfd, a timer); nothing polls.
    func drive() async {
        guard let process, let loop else { return finish(ending: nil, standardError: "") }
        let timer = loop.schedule(after: options.startTimeout) { [self] in
            fail(ExtensionHostError(.startTimedOut, "\(installed.identifier) did not say hello within \(options.startTimeout)"))
        }
        state.withLock { $0.startTimer = timer }
        await withDiscardingTaskGroup { group in
            group.addTask { [self] in await sendOutbox() }
            do {
                for try await frame in process.channel.frames {
                    let message: WireMessage
                    do throws(WireProtocolError) {
                        message = try WireMessage(frame)
                    } catch {
                        fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) sent a bad message: \(error.message)"))
                        break
                    }
                    await handle(message, in: &group)
                }
            } catch let error as ChannelError where error.code == .truncated {
                // Cut off mid-frame: the process died or was killed; its ending says which.
            } catch let error as ChannelError where error.code != .cancelled {
                fail(ExtensionHostError(.protocolViolation, "\(installed.identifier) broke the channel: \(error.message)"))
            } catch {
                end()
            }
            outbox.finish()
            group.cancelAll()
        }
        let ending = await awaitEnding(of: process)
        finish(ending: ending, standardError: await process.output())
    }

    /// One message from the extension.
    private func handle(_ message: WireMessage, in group: inout DiscardingTaskGroup) async {
        let name = installed.identifier
        let began = state.withLock { $0.began }
        guard began else {
            switch message {
            case .hello(let hello) where hello.protocolVersion == WireProtocol.version:
                return await begin()
            case .hello(let hello):
                return fail(ExtensionHostError(.protocolViolation, "\(name) speaks protocol version \(hello.protocolVersion); the host speaks \(WireProtocol.version)"))
            default:
                return fail(ExtensionHostError(.protocolViolation, "\(name) sent \(message.name) before hello"))
            }
        }
        switch message {
        case .loadRequest(let request):
            eventSink.yield(.loadRequested(itemIndex: request.itemIndex, attachmentIndex: request.attachmentIndex,
                                           typeIdentifier: request.typeIdentifier))
            let server = LoadServer(items: items, process: process)
            group.addTask { [self] in
                let (reply, descriptors) = await server.answer(request)
                await deliver(reply, descriptors)
            }
        case .openURL(let request):
            group.addTask { [self] in await open(request) }
        case .misuse(let misuse):
            let error = ExtensionContextError(.init(misuse.code), misuse.message)
            let count = state.withLock { state in
                state.report.misuses.append(error)
                return state.report.misuses.count
            }
            // A runtime reports each misuse once; hundreds are a flood, not mistakes. (The
            // channel's rate limit cannot see a flood the host's backpressure slows down.)
            guard count <= Self.maxMisuses else {
                return fail(ExtensionHostError(.protocolViolation, "\(name) sent more than \(Self.maxMisuses) misuse reports"))
            }
            eventSink.yield(.misuse(error))
        case .composeUpdate(let update):
            receive(update)
        case .viewUpdate(let update):
            receive(update)
        case .interfacePost(let message):
            receive(message)
        case .widgetState(let message):
            receive(message)
        case .pong(let pong):
            receive(pong)
        case .editQueryReply, .editReady, .editResult:
            receiveEdit(message)
        case .fileProviderReply, .fileProviderSignal:
            receiveFileProvider(message)
        case .cancelRequest(let cancel):
            if decide(.cancelled(cancel.error.nsError)) { armGrace(completed: false) }
        case .completeRequest(let complete, let descriptors):
            if decide(.completed(ReturnedItemDecoder.items(from: complete, descriptors: descriptors))) {
                armGrace(completed: true)
                outbox.yield(.completeAcknowledgement(CompleteAcknowledgement(expired: false)))
            }
        default:
            fail(ExtensionHostError(.protocolViolation, "\(name) sent \(message.name), which only a host sends"))
        }
    }

    /// After hello: the request and its items.
    private func begin() async {
        let timer = state.withLock { state -> EventLoop.TimerID? in
            state.began = true
            defer { state.startTimer = nil }
            return state.startTimer
        }
        if let timer { loop?.cancel(timer) }
        do {
            try await send(.beginRequest(BeginRequest(items: items.map(WireItem.init), configuration: configuration, keyboard: keyboard,
                                                    fileProvider: fileProvider)))
            releaseRequestWaiters(sent: true)
            eventSink.yield(.began)
        } catch {
            // The channel is gone: the process's ending tells why.
        }
    }

    /// Sends the host's own messages (host state, acknowledgements) in order.
    private func sendOutbox() async {
        for await message in outgoing {
            do { try await send(message) } catch { return }
        }
    }

    /// Sends a load's answer; a value too large for a frame becomes an error reply.
    private func deliver(_ reply: LoadReply, _ descriptors: [OwnedFileDescriptor]) async {
        defer { descriptors.forEach { $0.close() } }
        do {
            try await send(.loadReply(reply, descriptors: descriptors))
        } catch let error as WireProtocolError {
            try? await send(.loadReply(LoadReply(loadID: reply.loadID, error: WireError(
                domain: ItemProviderError.domain, code: ItemProviderError.Code.itemUnavailableError.rawValue,
                message: "the value of load \(reply.loadID) cannot be sent: \(error.message)")), descriptors: []))
        } catch {
            // The channel is gone; the session notices the process's end.
        }
    }

    /// Answers an open-URL request under the point's policy and the host's own answer.
    private func open(_ request: OpenURLRequest) async {
        let url = URL(string: request.url)
        let opened = url.map { allows($0) && options.openURL($0) } ?? false
        if opened, let url { state.withLock { $0.report.openedURLs.append(url) } }
        if let url { eventSink.yield(.openURL(url, opened: opened)) }
        outbox.yield(.openURLReply(OpenURLReply(requestID: request.requestID, opened: opened)))
    }

    /// Whether the point's policy lets the extension open `url` (checked again here: the
    /// extension's own check runs in a process the host does not trust).
    private func allows(_ url: URL) -> Bool {
        switch configuration.openURLPolicy {
        case .any: return true
        case .none: return false
        case .containingAppSchemes:
            return url.scheme.map { configuration.containingAppURLSchemes.contains($0.lowercased()) } ?? false
        }
    }
}
