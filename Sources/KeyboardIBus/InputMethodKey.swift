import CIBus

/// One key event as IBus delivers it.
///
/// `keyval` is an X keysym (`IBUS_KEY_*`), `keycode` the hardware code and `state`
/// IBus's modifier mask (`IBusModifierType`). The other properties are read off these three.
public struct InputMethodKey: Sendable, Hashable {
    /// The keysym, such as `0x61` for "a" or `0xff08` for BackSpace.
    public var keyval: UInt32
    /// The hardware key code, as the client sent it.
    public var keycode: UInt32
    /// The modifier mask, including `IBUS_RELEASE_MASK` for a key release.
    public var state: UInt32

    /// A key event with the given keysym, key code and modifier mask.
    public init(keyval: UInt32, keycode: UInt32 = 0, state: UInt32 = 0) {
        self.keyval = keyval
        self.keycode = keycode
        self.state = state
    }

    /// Whether this is the release of the key rather than its press.
    public var isRelease: Bool { state & IBUS_RELEASE_MASK.rawValue != 0 }

    /// The text the key types (`ibus_keyval_to_unicode`), or nil for a key that types none,
    /// such as BackSpace, Return, Tab or Escape.
    public var text: String? {
        let code = ibus_keyval_to_unicode(keyval)
        guard code != 0, let scalar = Unicode.Scalar(code),
              scalar.properties.generalCategory != .control else { return nil }
        return String(scalar)
    }

    /// The keysym's name (`ibus_keyval_name`): "BackSpace", "Return", "a", "U+4F60".
    public var name: String { KeyvalNames.name(of: keyval) }

    /// Whether Control, Alt (Mod1), Super (or Mod4, which X reports for it), Hyper or Meta
    /// is held: a shortcut for the app rather than text for the engine.
    public var hasCommandModifiers: Bool { state & Self.commandModifiers != 0 }

    private static let commandModifiers: UInt32 = IBUS_CONTROL_MASK.rawValue | IBUS_MOD1_MASK.rawValue
        | IBUS_MOD4_MASK.rawValue | IBUS_SUPER_MASK.rawValue | IBUS_HYPER_MASK.rawValue
        | IBUS_META_MASK.rawValue
}
