import AppExtensions
import ComposeSheet
import ExtensionHost
import Foundation
import HummingbirdWebSocket
import Synchronization

/// The live side of one share: the page's WebSocket, the chosen extension's session, and
/// how the share ended.
///
/// One page at a time: a second connection is told so and closed. The page's requests
/// are read in order; the session's states, replies and outcome are written as they
/// come. The share ends when the run is over (the outcome is sent, then the socket is
/// closed), when the person dismisses the sheet, or when the page goes away (a running
/// extension is then ended).
final class SheetConnection: Sendable {
    let sheet: WebShareSheet
    let share: SheetShare
    private let icons: [SheetIcon]
    private let thumbnails: [Data]
    private let state = Mutex(State())
    /// The chosen extension's own interface, once it runs: served under its own secret.
    private let interface = Mutex<ServedInterface?>(nil)

    /// An extension's interface folder and the secret its URLs carry (not the sheet's: the
    /// extension's page never learns the sheet's address).
    struct ServedInterface: Sendable {
        let token: ShareToken
        let folder: InterfaceFolder

        /// The page's address, from the server's root.
        var pagePath: String { "/x/\(token.value)/\(folder.page)" }
    }

    /// What the page asks of the running extension.
    enum PageAction: Sendable {
        case compose(ComposeSheetEvent)
        case interface(WebInterfaceMessage)
        case stop
    }

    private struct State {
        var connected = false
        /// The run's report, once it is over; the share ends when the page has its outcome.
        var report: ExtensionRunReport?
        var ending: WebShareSheet.Ending?
        var waiters: [CheckedContinuation<WebShareSheet.Ending, Never>] = []
    }

    /// The connection for `sheet`, with what is shared described for the page.
    static func make(sheet: WebShareSheet) async -> SheetConnection {
        var items: [SheetShare.Item] = []
        var thumbnails: [Data] = []
        for provider in sheet.items.flatMap({ $0.attachments ?? [] }) {
            var item = await SheetShare.Item.describe(provider)
            if let png = await SheetShare.Item.thumbnail(of: provider) {
                item.thumbnail = "thumb/\(thumbnails.count)"
                thumbnails.append(png)
            }
            items.append(item)
        }
        return SheetConnection(sheet: sheet, items: items, thumbnails: thumbnails)
    }

    /// The PNG thumbnail at `index` (served at `thumb/<index>`).
    func thumbnail(at index: Int) -> Data? {
        thumbnails.indices.contains(index) ? thumbnails[index] : nil
    }

    private init(sheet: WebShareSheet, items: [SheetShare.Item], thumbnails: [Data]) {
        self.sheet = sheet
        self.thumbnails = thumbnails
        let eligible = sheet.resolution.eligible
        icons = eligible.map { SheetIcon.monogram(name: $0.bundle.info.name, seed: $0.identifier) }
        share = SheetShare(
            point: sheet.resolution.point,
            items: items,
            eligible: eligible.enumerated().map { index, installed in
                .init(id: installed.identifier, name: installed.bundle.info.name, icon: "icon/\(index)")
            },
            excluded: sheet.resolution.excluded.map {
                .init(id: $0.installed.identifier, name: $0.installed.bundle.info.name, reason: $0.reason)
            },
            canReorder: sheet.reorder != nil)
    }

    /// Whether `candidate` is the running extension's interface secret.
    func acceptsInterfaceToken(_ candidate: Substring) -> Bool {
        interface.withLock { $0?.token.matches(candidate) } ?? false
    }

    /// The interface file at `path` (still percent-encoded) of the running extension whose
    /// secret is `token`.
    func interfaceFile(token: Substring, path: Substring) async -> Result<(Data, String), InterfaceFileProblem> {
        guard let served = interface.withLock({ $0 }), served.token.matches(token) else { return .failure(.notFound) }
        return await Offload.perform { served.folder.file(at: path) }
    }

    /// The icon of the eligible extension at `index`.
    func icon(at index: Int) -> SheetIcon? {
        icons.indices.contains(index) ? icons[index] : nil
    }

    /// Waits until the share has ended; cancelling the wait ends the share as if the page
    /// had closed.
    func ending() async -> WebShareSheet.Ending {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ended = state.withLock { state -> WebShareSheet.Ending? in
                    if let ending = state.ending { return ending }
                    state.waiters.append(continuation)
                    return nil
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            end(.pageClosed)
        }
    }

    /// The share ended this way (the first call counts).
    private func end(_ ending: WebShareSheet.Ending) {
        let waiters = state.withLock { state -> [CheckedContinuation<WebShareSheet.Ending, Never>] in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(returning: ending) }
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
        post.yield(.share(share))
        await withTaskGroup(of: Void.self) { group in
            // The writer: every message in order; after the outcome, the socket is closed.
            group.addTask {
                for await message in outbox {
                    guard (try? await outbound.write(.text(Self.json(message)))) != nil else { break }
                    if case .outcome = message {
                        // Only now is the share over: the page has its outcome.
                        try? await outbound.close(.normalClosure, reason: "the share is over")
                        if let report = self.state.withLock({ $0.report }) { self.end(.ran(report)) }
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
                        guard let id = request.id, let installed = sheet.resolution.eligible.first(where: { $0.identifier == id }) else {
                            post.yield(.problem("\(request.id ?? "(nothing)") is not one of the extensions offered."))
                            continue
                        }
                        var served: ServedInterface?
                        if installed.bundle.declaration?.webInterfacePage != nil {
                            guard let folder = InterfaceFolder(installed) else {
                                post.yield(.problem("\(installed.bundle.info.name) cannot be shown: its interface page is not in its bundle (appex lint names the problem)."))
                                continue
                            }
                            served = ServedInterface(token: ShareToken(), folder: folder)
                            interface.withLock { $0 = served }
                        }
                        started = true
                        group.addTask { [self] in
                            let report = await run(installed, interface: served, actions: actions, post: post)
                            state.withLock { $0.report = report }
                            post.yield(.outcome(await SheetOutcome(report, name: installed.bundle.info.name)))
                            post.finish()
                        }
                    case "event" where started:
                        switch request.composeEvent() {
                        case .success(let event): sendAction.yield(.compose(event))
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
            // running extension is ended with it.
            sendAction.finish()
            if let report = state.withLock({ $0.report }) { end(.ran(report)) } else { end(.pageClosed) }
            group.cancelAll()
        }
    }

    /// Runs the chosen extension: its compose sheet's states and its interface's messages
    /// go to the page as they come, the page's actions go to it one at a time.
    private func run(_ installed: InstalledExtension, interface: ServedInterface?, actions: AsyncStream<PageAction>,
                     post: AsyncStream<SheetMessage>.Continuation) async -> ExtensionRunReport {
        post.yield(.running(id: installed.identifier, name: installed.bundle.info.name, interface: interface?.pagePath))
        return await sheet.host.withSession(installed, items: sheet.items) { session in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await event in session.events {
                        switch event {
                        case .composeSheet(let state): post.yield(.sheet(PageSheet(state), refusal: nil))
                        case .interfaceMessage(let message): post.yield(.interface(message.json))
                        default: break
                        }
                    }
                }
                group.addTask {
                    for await action in actions {
                        switch action {
                        case .compose(let event):
                            guard let reply = await session.send(event) else { return }
                            if let refusal = reply.refusal { post.yield(.sheet(PageSheet(reply.state), refusal: refusal.message)) }
                        case .interface(let message):
                            do throws(WebInterfaceError) {
                                try await session.postToExtension(message)
                            } catch {
                                post.yield(.problem("The message was not passed on: \(error.message)"))
                            }
                        case .stop:
                            // The person closed the extension's interface from the sheet.
                            session.end()
                        }
                    }
                }
                let report = await session.report()
                group.cancelAll()
                return report
            }
        }
    }

    /// Stores the person's order and sends the share again in it.
    private func reorder(_ ids: [String], post: AsyncStream<SheetMessage>.Continuation) async {
        guard let store = sheet.reorder else {
            post.yield(.problem("This host does not keep an order."))
            return
        }
        let offered = Set(share.eligible.map(\.id))
        guard Set(ids) == offered, ids.count == offered.count else {
            post.yield(.problem("The new order must name each offered extension once."))
            return
        }
        do {
            try await store(ids)
        } catch {
            post.yield(.problem("The order could not be saved: \(error)"))
            return
        }
        var reordered = share
        reordered.eligible = ids.compactMap { id in share.eligible.first { $0.id == id } }
        post.yield(.share(reordered))
    }

    static func json(_ message: SheetMessage) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"kind":"problem","message":"encoding failed"}"#
    }
}
