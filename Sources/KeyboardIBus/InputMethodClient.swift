/// What the engine may do to the focused app.
///
/// Safe to call from any thread or task: calls are applied on the GLib loop in call order.
/// Calls made after the engine was destroyed (its input context closed, or
/// `withIBusEngines` returned) do nothing.
public protocol InputMethodClient: Sendable {
    /// Types `text` into the app (`ibus_engine_commit_text`).
    func commit(_ text: String)

    /// Deletes `count` characters starting `offset` characters from the cursor, negative for
    /// before it (`ibus_engine_delete_surrounding_text`). IBus counts Unicode scalars, so
    /// "你" is one character; the app must have `IBUS_CAP_SURROUNDING_TEXT`.
    func deleteSurroundingText(offset: Int, count: Int)

    /// Shows `text` as the not-yet-committed preedit, with the cursor `cursor` scalars in
    /// (`ibus_engine_update_preedit_text`); an empty invisible text clears it.
    func updatePreedit(_ text: String, cursor: Int, visible: Bool)

    /// Sends `key` on to the app as if no engine had seen it (`ibus_engine_forward_key_event`).
    func forward(_ key: InputMethodKey)

    /// Shows `text` as auxiliary text (`ibus_engine_update_auxiliary_text`), or hides it for nil.
    func showAuxiliaryText(_ text: String?)
}
