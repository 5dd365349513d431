import AppExtensions
import ExtensionUI
import ExtensionWire
import Foundation

extension ExtensionMain {
    /// Runs a share or action extension whose principal class is its own
    /// `UIViewController`; never returns.
    ///
    /// ```swift
    /// // main.swift: NSExtensionPrincipalClass names ActionViewController, as on iOS
    /// ExtensionMain.run(viewController: { ActionViewController() })
    /// ```
    ///
    /// The runtime makes the controller on the main actor when the request arrives, sets
    /// its `extensionContext` before its view loads, presents it in UIKit's order (the
    /// host receives its first snapshot), then applies the person's actions one at a
    /// time, in order, in its receive loop, answering each with the new snapshot before it
    /// reads the next. Changes the controller makes on its own (a title set after a load,
    /// an alert presented from a completion handler) go out as they happen. When the
    /// request is over, the controller is dismissed (`viewWillDisappear`,
    /// `viewDidDisappear`) before the process ends.
    public static func run(viewController makeController: @escaping @MainActor @Sendable () -> UIViewController) -> Never {
        runProcess { await serve(viewController: makeController) }
    }

    static func serve(viewController makeController: @escaping @MainActor @Sendable () -> UIViewController) async -> Int32 {
        await serveRequest { connection, context in
            let keyboard = connection.state.withLock { $0.keyboard }
            let box = await MainActor.run {
                let root = makeController()
                if let keyboard, let input = root as? UIInputViewController {
                    input.keyboardEnvironment = keyboard.environment
                    input.documentProxy.replaceContext(keyboard.document)
                }
                let box = ViewBox(ViewHost(root: root, context: context))
                // Only asked once the first snapshot is out (ViewHost publishes nothing
                // before it), and served as a job after it: the first snapshot comes first.
                box.publish { connection.submit { await box.sendPublishedSnapshot(on: connection) } }
                return box
            }
            connection.acceptViewActions(box)
            // Presented before anything the host sends is read.
            try await connection.send(.viewUpdate(await box.presented()))
            return box
        }
    }
}

/// The request's view controller, on the main actor (where the extension's controller lives).
@MainActor
final class ViewBox: RequestEnding {
    let host: ViewHost
    private var dismissed = false
    /// The last snapshot sent whole or repeated: a snapshot showing the same view is sent
    /// without it (``ViewUpdate/sameViewAs``).
    private var lastSent: ViewSnapshot?

    init(_ host: ViewHost) {
        self.host = host
    }

    /// The first snapshot, presented.
    func presented() -> ViewUpdate {
        update(host.present())
    }

    /// The update carrying `snapshot`, its view left out when it is the last one sent.
    private func update(_ snapshot: ViewSnapshot, replyTo: Int? = nil, refusal: ViewUpdate.Refusal? = nil) -> ViewUpdate {
        let update = ViewUpdate.sending(snapshot, after: lastSent, replyTo: replyTo, refusal: refusal)
        lastSent = snapshot
        return update
    }

    /// From now on, `request` is called when the controller changed what it shows on its own.
    func publish(_ request: @escaping @Sendable () -> Void) {
        host.onNeedsPublish = request
    }

    /// Sends the snapshot the controller's own changes made, if any (several changes
    /// before this runs make one). The host keeps the newest revision, so a snapshot that
    /// overtakes a reply on the way does no harm.
    func sendPublishedSnapshot(on connection: RuntimeConnection) async {
        guard !dismissed, let snapshot = host.publishIfNeeded() else { return }
        // A send fails only when the host has gone; the conversation then ends on its own (as
        // the compose sheet's published states do).
        try? await connection.send(.viewUpdate(update(snapshot)))
    }

    /// The reply to one action: the new snapshot, or the unchanged one with the refusal.
    func apply(_ message: ViewActionMessage) -> ViewUpdate {
        do throws(ViewActionError) {
            return update(try host.perform(message.action), replyTo: message.actionID)
        } catch {
            var unchanged = host.currentSnapshot ?? host.snapshot()
            unchanged.misuses = []
            unchanged.textEdits = nil  // carried once, by the snapshot that took them
            return update(unchanged, replyTo: message.actionID,
                              refusal: .init(code: error.code.rawValue, message: error.message))
        }
    }

    /// The app's field changed: a keyboard hears it (another controller cannot).
    func documentDidChange(to document: TextDocumentContext) throws {
        guard let keyboard = host.root as? UIInputViewController else {
            throw RuntimeError(.protocolFailure, "the host sent text-document, but the principal class \(type(of: host.root)) is not a UIInputViewController")
        }
        keyboard.documentDidChange(to: document)
    }

    /// The request is over: the host took the controller away.
    func requestEnded() {
        guard !dismissed else { return }
        dismissed = true
        host.onNeedsPublish = nil
        host.dismiss()
    }
}
