/// One engine instance, made by the factory for each IBus input context.
///
/// All methods but `processKey` are called on the GLib loop thread and must return quickly.
/// `processKey` runs in a task of its own, one key at a time in arrival order, so the other
/// methods may be called while a key is being processed.
public protocol InputMethodEngine: AnyObject, Sendable {
    /// Whether the key was handled. Must not block: the D-Bus reply to ProcessKeyEvent is
    /// sent when this returns, and the GLib loop goes on serving other calls meanwhile.
    /// A key not handled goes on to the app (and to IBus's own hot keys).
    func processKey(_ key: InputMethodKey) async -> Bool

    /// The input context got the focus.
    func focusIn()

    /// The input context lost the focus.
    func focusOut()

    /// The app reset its field (for instance the cursor moved): drop any preedit.
    func reset()

    /// The engine was switched on for the input context. The binding has already asked the
    /// client for surrounding text (`ibus_engine_get_surrounding_text`).
    func enable()

    /// The engine was switched off for the input context.
    func disable()

    /// The text around the cursor, as the app reported it; `cursor` and `anchor` count Unicode
    /// scalars into `text` (`anchor` differs from `cursor` when text is selected).
    func surroundingTextChanged(_ text: String, cursor: Int, anchor: Int)

    /// The app's field changed kind; `hints` is IBus's `IBusInputHints` mask.
    func contentTypeChanged(purpose: InputPurpose, hints: UInt32)

    /// The insertion point moved on the screen (IBus's `set_cursor_location`).
    func cursorLocationChanged(_ location: CursorLocation)
}

/// Where the app's insertion point is, in screen pixels, as the app reports it: a caret's
/// rectangle (its width often 0).
public struct CursorLocation: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// Engines implement only the notifications they use.
extension InputMethodEngine {
    public func focusIn() {}
    public func focusOut() {}
    public func reset() {}
    public func enable() {}
    public func disable() {}
    public func surroundingTextChanged(_ text: String, cursor: Int, anchor: Int) {}
    public func contentTypeChanged(purpose: InputPurpose, hints: UInt32) {}
    public func cursorLocationChanged(_ location: CursorLocation) {}
}
