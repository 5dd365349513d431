import CIBus
import CIBusEngine

/// One IBus engine object and the Swift engine behind it: the `InputMethodClient` the Swift
/// engine is given, and the receiver of the engine object's hooks.
///
/// `@unchecked Sendable`: `engine`, `inputEngine` and `unanswered` are used only on the loop
/// thread (in hooks, and in work queued with `loop.perform`); the other stored properties
/// never change after `init`.
final class EngineBridge: InputMethodClient, @unchecked Sendable {
    let loop: GLibLoop
    /// The engine object, until it is destroyed.
    private var engine: UnsafeMutablePointer<IBusEngine>?
    /// The Swift engine, until the engine object is destroyed.
    private var inputEngine: (any InputMethodEngine)?
    private let keys: AsyncStream<PendingKey>.Continuation
    /// The keys not answered yet, which are answered "not handled" if the engine object is
    /// destroyed first.
    private var unanswered: [ObjectIdentifier: PendingKeyReply] = [:]
    /// Processes keys one at a time, in arrival order; set once, in `init`.
    private(set) var keyTask: Task<Void, Never>?

    /// A bridge for `engine`, whose Swift engine `makeEngine` makes with the bridge as client.
    init(engine: UnsafeMutablePointer<IBusEngine>, loop: GLibLoop, keyTasks: KeyTaskTracker,
         makeEngine: (any InputMethodClient) -> any InputMethodEngine) {
        self.engine = engine
        self.loop = loop
        let (stream, keys) = AsyncStream.makeStream(of: PendingKey.self)
        self.keys = keys
        let inputEngine = makeEngine(self)
        self.inputEngine = inputEngine
        keyTask = keyTasks.start {
            for await pending in stream {
                let handled = await inputEngine.processKey(pending.key)
                let reply = pending.reply
                if !loop.perform({ [self] in answer(reply, handled: handled) }) {
                    reply.abandon()
                }
            }
        }
    }

    /// Answers a key's call and forgets it. On the loop thread.
    private func answer(_ reply: PendingKeyReply, handled: Bool) {
        reply.send(handled: handled)
        unanswered[ObjectIdentifier(reply)] = nil
    }

    /// A ProcessKeyEvent call, queued for the Swift engine. On the loop thread.
    func processKey(_ key: InputMethodKey, invocation: OpaquePointer) {
        guard let engine else {
            // Not reached: the engine object stops calling hooks before it is destroyed.
            appex_ibus_engine_reply_key(nil, invocation, 0)
            return
        }
        let reply = PendingKeyReply(engine: engine, invocation: invocation)
        unanswered[ObjectIdentifier(reply)] = reply
        if case .terminated = keys.yield(PendingKey(key: key, reply: reply)) {
            answer(reply, handled: false)
        }
    }

    /// An event of the engine object. On the loop thread.
    func handle(_ event: AppexIBusEngineEvent) {
        switch event {
        case APPEX_IBUS_ENGINE_FOCUS_IN: inputEngine?.focusIn()
        case APPEX_IBUS_ENGINE_FOCUS_OUT: inputEngine?.focusOut()
        case APPEX_IBUS_ENGINE_RESET: inputEngine?.reset()
        case APPEX_IBUS_ENGINE_ENABLE:
            // Tells the client to send surrounding text (IBus docs: call it in ::enable).
            if let engine { ibus_engine_get_surrounding_text(engine, nil, nil, nil) }
            inputEngine?.enable()
        case APPEX_IBUS_ENGINE_DISABLE: inputEngine?.disable()
        case APPEX_IBUS_ENGINE_DESTROYED: detach()
        default: break
        }
    }

    /// New surrounding text from the client. On the loop thread.
    func surroundingTextChanged(_ text: String, cursor: UInt32, anchor: UInt32) {
        inputEngine?.surroundingTextChanged(text, cursor: Int(cursor), anchor: Int(anchor))
    }

    /// A new content type from the client. On the loop thread.
    func contentTypeChanged(purpose: UInt32, hints: UInt32) {
        inputEngine?.contentTypeChanged(purpose: InputPurpose(ibusPurpose: purpose), hints: hints)
    }

    /// The client's insertion point moved on the screen. On the loop thread.
    func cursorLocationChanged(_ location: CursorLocation) {
        inputEngine?.cursorLocationChanged(location)
    }

    /// Forgets the destroyed engine object and the Swift engine, answers the keys still queued
    /// or being processed "not handled" (while the connection is still open), and cancels the
    /// key task, which ends once the Swift engine has returned from the keys it was given.
    private func detach() {
        engine = nil
        inputEngine = nil
        unanswered.values.forEach { $0.send(handled: false) }
        unanswered = [:]
        keys.finish()
        keyTask?.cancel()
    }

    // MARK: InputMethodClient

    func commit(_ text: String) {
        onEngine { ibus_engine_commit_text($0, ibus_text_new_from_string(text)) }
    }

    func deleteSurroundingText(offset: Int, count: Int) {
        guard count > 0 else { return }
        let offset = Int32(clamping: offset), count = UInt32(clamping: count)
        onEngine { ibus_engine_delete_surrounding_text($0, offset, count) }
    }

    func updatePreedit(_ text: String, cursor: Int, visible: Bool) {
        let cursor = UInt32(clamping: max(cursor, 0))
        onEngine {
            ibus_engine_update_preedit_text($0, ibus_text_new_from_string(text), cursor, visible ? 1 : 0)
        }
    }

    func forward(_ key: InputMethodKey) {
        onEngine { ibus_engine_forward_key_event($0, key.keyval, key.keycode, key.state) }
    }

    func showAuxiliaryText(_ text: String?) {
        onEngine { engine in
            if let text {
                ibus_engine_update_auxiliary_text(engine, ibus_text_new_from_string(text), 1)
            } else {
                ibus_engine_hide_auxiliary_text(engine)
            }
        }
    }

    /// Runs `body` on the loop thread with the engine object, unless it is destroyed by then.
    private func onEngine(_ body: @escaping @Sendable (UnsafeMutablePointer<IBusEngine>) -> Void) {
        loop.perform { [self] in
            if let engine { body(engine) }
        }
    }
}
