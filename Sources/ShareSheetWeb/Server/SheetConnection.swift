import AppExtensions
import ComposeSheet
import ExtensionHost
import Foundation
import LoopbackWeb
import Synchronization

/// The live side of one share: the page's WebSocket, the chosen extension's session or
/// host action, and how the share ended.
///
/// One page at a time: a second connection is told so and closed. The page's requests
/// are read in order; the session's states, replies and outcome are written as they
/// come. The share ends when the run is over (the outcome is sent, then the socket is
/// closed), when the person dismisses the sheet, or when the page goes away (a running
/// extension is then ended).
final class SheetConnection: Sendable {
    let sheet: WebShareSheet
    /// Every extension of the share, eligible or not, as at the start: icons are served
    /// by index into it.
    let extensions: [InstalledExtension]
    private let items: [SheetShare.Item]
    private let icons: [SheetIcon]
    private let thumbnails: [Data]
    let state: Mutex<State>
    /// The chosen extension's own interface, once it runs: served under its own secret.
    let interface = Mutex<ServedInterface?>(nil)

    struct State {
        var connected = false
        /// The resolution as the person's switches left it.
        var resolution: ShareResolution
        /// The run's ending, once it is over; the share ends when the page has its outcome.
        var finished: WebShareSheet.Ending?
        var ending: WebShareSheet.Ending?
        var waiters: [CheckedContinuation<WebShareSheet.Ending, Never>] = []
        /// A host action waiting for the page's clipboard: `nil` when it took the text,
        /// else why not.
        var pasteboardWaiter: CheckedContinuation<String?, Never>?
    }

    /// An extension's interface folder and the secret its URLs carry (not the sheet's: the
    /// extension's page never learns the sheet's address).
    struct ServedInterface: Sendable {
        let token: SecretToken
        let folder: InterfaceFolder

        /// The page's address, from the server's root.
        var pagePath: String { "/x/\(token.value)/\(folder.page)" }
    }

    /// The connection for `sheet`, with what is shared and the icons made.
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
        let extensions = sheet.resolution.eligible + sheet.resolution.excluded.map(\.installed)
        var icons: [SheetIcon] = []
        for installed in extensions { icons.append(await SheetIcon.of(installed)) }
        return SheetConnection(sheet: sheet, extensions: extensions, items: items, icons: icons, thumbnails: thumbnails)
    }

    private init(sheet: WebShareSheet, extensions: [InstalledExtension], items: [SheetShare.Item], icons: [SheetIcon], thumbnails: [Data]) {
        self.sheet = sheet
        self.extensions = extensions
        self.items = items
        self.icons = icons
        self.thumbnails = thumbnails
        state = Mutex(State(resolution: sheet.resolution))
    }

    /// The share as the page shows it now.
    func currentShare() -> SheetShare {
        let resolution = state.withLock { $0.resolution }
        let icon = { (id: String) in "icon/\(self.extensions.firstIndex { $0.identifier == id } ?? 0)" }
        return SheetShare(
            point: resolution.point,
            items: items,
            eligible: resolution.eligible.map { .init(id: $0.identifier, name: $0.displayName, icon: icon($0.identifier)) },
            excluded: resolution.excluded.map {
                .init(id: $0.installed.identifier, name: $0.installed.displayName, reason: $0.reason,
                      cause: $0.cause.rawValue, icon: icon($0.installed.identifier))
            },
            activities: sheet.activities.map { activity in
                var folder: String?
                if case .folder(let suggested)? = activity.input { folder = suggested }
                return .init(id: activity.activityType, title: activity.title, symbol: activity.symbol, folder: folder)
            },
            canReorder: sheet.reorder != nil,
            canSwitch: sheet.setEnabled != nil)
    }

    /// The PNG thumbnail at `index` (served at `thumb/<index>`).
    func thumbnail(at index: Int) -> Data? {
        thumbnails.indices.contains(index) ? thumbnails[index] : nil
    }

    /// The icon of the extension at `index` of ``extensions``.
    func icon(at index: Int) -> SheetIcon? {
        icons.indices.contains(index) ? icons[index] : nil
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

    /// Ends the share as ``WebShareSheet/Ending/pageClosed`` if no page has connected.
    func endUnlessConnected() {
        if !state.withLock({ $0.connected }) { end(.pageClosed) }
    }

    /// The share ended this way (the first call counts).
    func end(_ ending: WebShareSheet.Ending) {
        let waiters = state.withLock { state -> [CheckedContinuation<WebShareSheet.Ending, Never>] in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(returning: ending) }
    }

    static func json(_ message: SheetMessage) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"kind":"problem","message":"encoding failed"}"#
    }
}
