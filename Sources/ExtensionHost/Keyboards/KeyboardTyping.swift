import ExtensionUI
import Foundation
import Synchronization

/// Typing with a running keyboard: the person's keys go to it, its edits to the app's
/// field (a ``TextInputClient``), the app's changes back to it. Made by
/// ``ExtensionHost/withKeyboard(_:document:client:needsInputModeSwitchKey:lexicon:_:)``.
///
/// It keeps the host's copy of the field (the text around the insertion point and the
/// composition), applies the keyboard's edits to it as the keyboard did to its own, and
/// turns each into the client's calls. Two things never reach the keyboard: a secure
/// field (``documentDidChange(to:isSecure:)``), whose keys go straight to the app as iOS
/// swaps in the system keyboard; and anything after the keyboard failed (crashed, or did
/// not answer a key within ``keyDeadline``), when keys go straight to the app and the
/// client hears why, once.
public final class KeyboardTyping: Sendable {
    /// How long a key waits for the keyboard's answer before typing falls back to the app
    /// (``LaunchOptions/keyboardKeyDeadline``, 100 ms unless the host says otherwise).
    public var keyDeadline: Duration { session.options.keyboardKeyDeadline }

    let session: ExtensionSession
    let client: any TextInputClient
    private let state: Mutex<State>

    private struct State: Sendable {
        var document: TextDocumentContext
        var isSecure = false
        /// Why the keyboard is out of the way, once it failed.
        var failure: String?
    }

    init(session: ExtensionSession, client: any TextInputClient, document: TextDocumentContext, isSecure: Bool) {
        self.session = session
        self.client = client
        state = Mutex(State(document: document, isSecure: isSecure))
    }

    /// The keyboard's identifier.
    public var extensionIdentifier: String { session.extensionIdentifier }

    /// The field as the host knows it (the keyboard's edits applied).
    public var document: TextDocumentContext { state.withLock { $0.document } }

    /// Why keys go straight to the app, when the keyboard failed; `nil` while it types.
    public var failure: String? { state.withLock { $0.failure } }

    /// Whether the focused field is secure: the keyboard is out of the way.
    public var isSecure: Bool { state.withLock { $0.isSecure } }

    /// What the keyboard shows, once presented; `nil` when it failed first.
    public func snapshot() async -> ViewSnapshot? {
        await session.viewSnapshot()
    }

    /// What the keyboard shows now (its newest snapshot); `nil` before it shows or once it
    /// is out of the way.
    public var shown: ViewSnapshot? {
        let out = state.withLock { $0.isSecure || $0.failure != nil }
        return out ? nil : session.latestView
    }

    /// What the keyboard does, as it happens (its session's events: a snapshot changed on
    /// its own, the end); one reader at a time.
    package var events: AsyncStream<ExtensionSession.Event> { session.events }

    /// Hands the keyboard a key of the person's own keyboard: `true` when it took the key
    /// (its edits have reached the client), `false` when the app should get the key — the
    /// keyboard has no such key, the field is secure, or the keyboard failed.
    public func press(_ key: KeyPress) async -> Bool {
        let out = state.withLock { $0.isSecure || $0.failure != nil }
        guard !out else { return false }
        guard let reply = await session.act(.press(key), deadline: keyDeadline) else {
            keyboardFailed()
            return false
        }
        return reply.refusalCode == nil
    }

    /// The person chose the element `id` of the keyboard's view (a key shown on screen);
    /// `nil` when the keyboard is out of the way or failed.
    public func tap(_ id: Int) async -> ViewActionReply? {
        let out = state.withLock { $0.isSecure || $0.failure != nil }
        guard !out else { return nil }
        guard let reply = await session.act(.tap(id), deadline: keyDeadline) else {
            keyboardFailed()
            return nil
        }
        return reply
    }

    /// The app reported its field: the keyboard hears it unless it is what the keyboard's
    /// own edits made (no echo). A secure field is never sent, and keeps the keyboard out
    /// of the way until a field that is not secure comes.
    public func documentDidChange(to document: TextDocumentContext, isSecure: Bool = false) async {
        let changed = state.withLock { state -> TextDocumentContext? in
            state.isSecure = isSecure
            guard !isSecure, state.failure == nil else { return nil }
            // The app's report has no composition: the one shown stays.
            var incoming = document
            incoming.marked = state.document.marked
            guard incoming != state.document else { return nil }
            state.document = incoming
            return incoming
        }
        if let changed { await session.documentDidChange(to: changed) }
    }

    /// The app took the composition away (IBus's `reset` or focus out: the person clicked
    /// elsewhere): its text stays in the field, as iOS keeps marked text when a field ends
    /// editing, and the keyboard hears that its document changed (no composition any more).
    public func commitComposition() async {
        let committed = state.withLock { state -> (String, TextDocumentContext)? in
            guard !state.isSecure, state.failure == nil, !state.document.marked.isEmpty else { return nil }
            let marked = state.document.marked
            state.document.apply(.unmarkText)
            return (marked, state.document)
        }
        guard let (text, document) = committed else { return }
        client.updatePreedit("", cursor: 0)
        client.commit(text)
        await session.documentDidChange(to: document)
    }

    /// The keyboard's edits, in order: applied to the host's copy and turned into the
    /// client's calls. Dropped while the field is secure or after a failure.
    func apply(_ edits: [TextInputEdit]) {
        for edit in edits {
            let applied = state.withLock { state -> (TextEditEffect, String)? in
                guard !state.isSecure, state.failure == nil else { return nil }
                return (state.document.apply(edit), state.document.marked)
            }
            guard let (effect, composition) = applied else { return }
            TextInputDelivery.deliver(edit, effect: effect, composition: composition, to: client)
        }
    }

    /// The keyboard crashed or hung: keys go to the app from now on; the client hears why, once.
    func keyboardFailed() {
        let reason = session.failureSoFar.map { "\($0.message) [\($0.code.rawValue)]" } ?? "its process ended"
        let message = "the keyboard \(session.extensionIdentifier) stopped (\(reason)); keys now go straight to the app"
        let first = state.withLock { state -> Bool in
            guard state.failure == nil else { return false }
            state.failure = message
            return true
        }
        if first { client.keyboardFailed(message) }
    }
}
