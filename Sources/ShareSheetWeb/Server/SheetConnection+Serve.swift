import AppExtensions
import ComposeSheet
import ExtensionHost
import ExtensionUI
import Foundation
import LoopbackWeb
import HummingbirdWebSocket

extension SheetConnection {
    /// What the page asks of the running extension.
    enum PageAction: Sendable {
        case compose(ComposeSheetEvent)
        case view(ViewAction)
        case interface(WebInterfaceMessage)
        case stop
    }

    /// Serves one page connection until the share ends or the page goes away.
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let first = state.withLock { state -> Bool in
            defer { state.connected = true }
            return !state.connected && state.ending == nil
        }
        let (outbox, post) = AsyncStream.makeStream(of: SheetMessage.self)
        guard first else {
            try? await outbound.write(.text(Self.json(.problem("This share is already shown in another window."))))
            try? await outbound.close(.policyViolation, reason: "already shown")
            return
        }
        post.yield(.share(currentShare()))
        await withTaskGroup(of: Void.self) { group in
            // The writer: every message in order; after the outcome, the socket is closed.
            group.addTask {
                for await message in outbox {
                    guard (try? await outbound.write(.text(Self.json(message)))) != nil else { break }
                    if case .outcome = message {
                        // Only now is the share over: the page has its outcome.
                        try? await outbound.close(.normalClosure, reason: "the share is over")
                        if let finished = self.state.withLock({ $0.finished }) { self.end(finished) }
                        break
                    }
                }
            }
            let (actions, sendAction) = AsyncStream.makeStream(of: PageAction.self)
            var started = false
            do {
                reading: for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message,
                          let request = try? JSONDecoder().decode(PageRequest.self, from: Data(text.utf8)) else {
                        post.yield(.problem("The sheet sent a message the server does not understand."))
                        continue
                    }
                    switch request.kind {
                    case "choose" where !started:
                        let eligible = state.withLock { $0.resolution.eligible }
                        guard let id = request.id, let installed = eligible.first(where: { $0.identifier == id }) else {
                            post.yield(.problem("\(request.id ?? "(nothing)") is not one of the extensions offered."))
                            continue
                        }
                        var served: ServedInterface?
                        if installed.declaration?.webInterfacePage != nil {
                            guard let folder = InterfaceFolder(installed) else {
                                post.yield(.problem("\(installed.displayName) cannot be shown: its interface page is not in its bundle (appex lint names the problem)."))
                                continue
                            }
                            served = ServedInterface(token: SecretToken(), folder: folder)
                            interface.withLock { $0 = served }
                        }
                        started = true
                        group.addTask { [self] in
                            let report = await run(installed, interface: served, actions: actions, post: post)
                            state.withLock { $0.finished = .ran(report) }
                            post.yield(.outcome(await SheetOutcome(report, name: installed.displayName)))
                            post.finish()
                        }
                    case "activity" where !started:
                        guard let activity = sheet.activities.first(where: { $0.activityType == request.id }) else {
                            post.yield(.problem("\(request.id ?? "(nothing)") is not one of the host's actions."))
                            continue
                        }
                        started = true
                        group.addTask { [self] in
                            await perform(activity, folder: request.text, post: post)
                            post.finish()
                        }
                    case "pasteboard" where started:
                        answerPasteboard(error: request.isOn == true ? nil : request.text ?? "the clipboard refused the text")
                    case "event" where started:
                        switch request.composeEvent() {
                        case .success(let event): sendAction.yield(.compose(event))
                        case .failure(let error): post.yield(.problem(error.message))
                        }
                    case "view" where started:
                        switch request.viewAction() {
                        case .success(let action): sendAction.yield(.view(action))
                        case .failure(let error): post.yield(.problem(error.message))
                        }
                    case "interface" where started:
                        guard let text = request.text else {
                            post.yield(.problem("An interface message needs its JSON text."))
                            continue
                        }
                        sendAction.yield(.interface(WebInterfaceMessage(json: text)))
                    case "stop" where started:
                        sendAction.yield(.stop)
                    case "reorder" where !started:
                        await reorder(request.ids ?? [], post: post)
                    case "enable" where !started:
                        await setEnabled(request.isOn ?? true, for: request.id ?? "", post: post)
                    case "dismiss" where !started:
                        post.finish()
                        end(.dismissed)
                        break reading
                    default:
                        post.yield(.problem("\"\(request.kind)\" cannot be done now."))
                    }
                }
            } catch {
                // The connection failed: the page is gone.
            }
            // The page is gone (or dismissed, or the socket closed after the outcome): a
            // running extension is ended with it, a host action waiting for the clipboard
            // hears that it is gone.
            sendAction.finish()
            answerPasteboard(error: "the sheet's page closed")
            if let finished = state.withLock({ $0.finished }) { end(finished) } else { end(.pageClosed) }
            group.cancelAll()
        }
    }
}
