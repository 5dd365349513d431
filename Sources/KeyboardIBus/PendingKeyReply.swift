import CIBus
import CIBusEngine

/// The unanswered ProcessKeyEvent call of one key, holding a reference on its engine object.
///
/// `@unchecked Sendable`: it is answered on the loop thread (`send`), or, once the loop has
/// finished, by the one task that owns it (`abandon`), which the loop's closing orders after
/// every answer sent on the loop thread; GDBus replies and GObject references are thread-safe.
final class PendingKeyReply: @unchecked Sendable {
    private let engine: UnsafeMutablePointer<IBusEngine>
    private let invocation: OpaquePointer
    private var answered = false

    /// Takes a reference on `engine` until the call is answered.
    init(engine: UnsafeMutablePointer<IBusEngine>, invocation: OpaquePointer) {
        g_object_ref(engine)
        self.engine = engine
        self.invocation = invocation
    }

    /// Answers the call, unless it was answered already. On the loop thread.
    func send(handled: Bool) {
        guard !answered else { return }
        answered = true
        appex_ibus_engine_reply_key(engine, invocation, handled ? 1 : 0)
        g_object_unref(engine)
    }

    /// Answers "not handled", unless answered already, after the loop has finished (by then
    /// the engine is destroyed, so nothing but the reply is sent).
    func abandon() {
        send(handled: false)
    }
}
