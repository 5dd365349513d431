import AppExtensions
import ComposeSheet
import ExtensionWire
import Foundation

extension ExtensionMain {
    /// Runs a share extension built on the standard compose sheet; never returns.
    ///
    /// ```swift
    /// // main.swift: NSExtensionPrincipalClass names ShareViewController, as on iOS
    /// ExtensionMain.run(composeSheet: { ShareViewController() })
    /// ```
    ///
    /// The runtime makes the controller on the main actor when the request arrives,
    /// presents the sheet (the host receives its first state), then applies the user's
    /// events one at a time, in order, in its receive loop, answering each with the new
    /// state before it reads the next.
    public static func run(composeSheet makeController: @escaping @MainActor @Sendable () -> ComposeServiceViewController) -> Never {
        runProcess { await serve(composeSheet: makeController) }
    }

    static func serve(composeSheet makeController: @escaping @MainActor @Sendable () -> ComposeServiceViewController) async -> Int32 {
        await serveRequest { connection, context in
            let box = await MainActor.run { SheetBox(ComposeSheet(controller: makeController(), context: context)) }
            connection.acceptComposeEvents(box)
            // Presented before anything the host sends is read: the first state comes first.
            try await connection.send(.composeUpdate(ComposeUpdate(state: await box.present())))
            // Changes the controller makes on its own go out as they happen, each send a
            // job of the conversation; then the preview's URL or text is loaded.
            await box.publish { connection.submit { await box.sendPublishedState(on: connection) } }
            connection.submit { await box.sheet.loadPreview() }
            return box
        }
    }
}

/// The request's sheet, on the main actor (where the extension's controller lives).
@MainActor
final class SheetBox {
    let sheet: ComposeSheet

    init(_ sheet: ComposeSheet) {
        self.sheet = sheet
    }

    func present() -> ComposeSheetState {
        sheet.present()
    }

    /// From now on, `request` is called when the controller changed the sheet on its own.
    func publish(_ request: @escaping @Sendable () -> Void) {
        sheet.onNeedsPublish = request
    }

    /// Sends the state the controller's own changes made, if any (several changes before
    /// this runs make one state). The host keeps the newest revision, so a state that
    /// overtakes a reply on the way does no harm.
    func sendPublishedState(on connection: RuntimeConnection) async {
        guard let state = sheet.publishIfNeeded() else { return }
        try? await connection.send(.composeUpdate(ComposeUpdate(state: state)))
    }

    /// The reply to one event: the new state, or the unchanged one with the refusal.
    func apply(_ message: ComposeEventMessage) -> ComposeUpdate {
        do throws(ComposeSheetError) {
            return ComposeUpdate(state: try sheet.handle(message.event), replyTo: message.eventID)
        } catch {
            return ComposeUpdate(state: sheet.currentState, replyTo: message.eventID,
                                 refusal: .init(code: error.code.rawValue, message: error.message))
        }
    }
}
