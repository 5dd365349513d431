import ExtensionHost
import ExtensionUI
import Foundation
import KeyboardIBus
import KeyboardPanel
import Synchronization

/// One IBus input context typing with one keyboard extension.
///
/// The keyboard starts when the context gets the focus and runs, in its sandbox, until the
/// context is disabled or destroyed, or the keyboard fails (then keys go to the app until
/// the next focus, which starts it again). Every call IBus makes reaches the keyboard in
/// order, through one worker task this engine owns (``KeyboardEngineService`` awaits it);
/// a key answers `false` at once — the app gets it — while no keyboard is showing, in a
/// secure field, or after a failure.
final class KeyboardInputEngine: InputMethodEngine {
    enum Command: Sendable {
        case key(KeyPress, CheckedContinuation<Bool, Never>)
        case field(TextDocumentContext, isSecure: Bool)
        case focusIn
        /// The app took the composition away (reset, focus out).
        case endComposition
        case disable
    }

    /// What IBus calls and the worker share.
    final class Shared: Sendable {
        struct State: Sendable {
            var field = IBusField()
            /// A keyboard is showing and typing.
            var ready = false
            /// The keysyms whose press the keyboard took: their release is the keyboard's too.
            var taken: Set<UInt32> = []
        }

        let state = Mutex(State())
    }

    private let shared = Shared()
    private let commands: AsyncStream<Command>.Continuation
    private let panel: KeyboardPanel?

    /// An engine typing with `keyboard` for the app behind `client`; its worker joins `workers`.
    init(host: ExtensionHost, keyboard: InstalledExtension, client: any InputMethodClient,
         lexicon: [KeyboardEnvironment.LexiconPair], workers: WorkerGroup, panel: KeyboardPanel?,
         onShown: @escaping @Sendable () -> Void) {
        let (stream, commands) = AsyncStream.makeStream(of: Command.self)
        self.commands = commands
        self.panel = panel
        let worker = KeyboardWorker(host: host, keyboard: keyboard, client: IBusTextClient(client: client), lexicon: lexicon,
                                    shared: shared, onShown: onShown, panel: panel)
        workers.add { await worker.serve(stream) }
    }

    deinit {
        // The worker answers what is queued, ends the keyboard and returns.
        commands.finish()
    }

    func processKey(_ key: InputMethodKey) async -> Bool {
        if key.isRelease {
            return shared.state.withLock { $0.taken.remove(key.keyval) != nil }
        }
        let ready = shared.state.withLock { $0.ready && !$0.field.isSecure }
        guard ready else { return false }
        let taken = await withCheckedContinuation { reply in
            if case .terminated = commands.yield(.key(KeyPress(key), reply)) { reply.resume(returning: false) }
        }
        if taken { shared.state.withLock { _ = $0.taken.insert(key.keyval) } }
        return taken
    }

    func focusIn() {
        shared.state.withLock { $0.field.documentIdentifier = UUID() }
        commands.yield(.focusIn)
    }

    func disable() {
        commands.yield(.disable)
    }

    func reset() {
        commands.yield(.endComposition)
    }

    func focusOut() {
        commands.yield(.endComposition)
    }

    func surroundingTextChanged(_ text: String, cursor: Int, anchor: Int) {
        let field = shared.state.withLock { state in
            state.field.text = Array(text.unicodeScalars)
            state.field.cursor = cursor
            state.field.anchor = anchor
            return state.field
        }
        commands.yield(.field(field.document, isSecure: field.isSecure))
    }

    func cursorLocationChanged(_ location: CursorLocation) {
        panel?.insertionPointMoved(to: KeyboardPanel.Anchor(x: location.x, y: location.y, width: location.width, height: location.height))
    }

    func contentTypeChanged(purpose: InputPurpose, hints: UInt32) {
        let field = shared.state.withLock { state in
            state.field.purpose = purpose
            return state.field
        }
        commands.yield(.field(field.document, isSecure: field.isSecure))
    }
}
