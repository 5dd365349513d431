import ExtensionUI
import KeyboardIBus

extension KeyPress {
    /// The press an IBus key event is, as UIKit would report it: what it types, the
    /// modifiers held, its HID usage.
    init(_ key: InputMethodKey) {
        let modifiers = UIKeyModifierFlags.from(ibusState: key.state)
        let text = key.text ?? ""
        self.init(characters: text, charactersIgnoringModifiers: text.lowercased(), modifiers: modifiers,
                  keyCode: Self.usage(keyval: key.keyval))
    }

    /// The IBus key event that types this press (for a key forwarded to the app).
    var ibusKey: InputMethodKey {
        let keyval: UInt32 = switch UIKeyboardHIDUsage(rawValue: keyCode) {
        case .keyboardDeleteOrBackspace: 0xff08
        case .keyboardReturnOrEnter: 0xff0d
        case .keyboardTab: 0xff09
        case .keyboardEscape: 0xff1b
        case .keyboardLeftArrow: 0xff51
        case .keyboardUpArrow: 0xff52
        case .keyboardRightArrow: 0xff53
        case .keyboardDownArrow: 0xff54
        case .keyboardDeleteForward: 0xffff
        default: characters.unicodeScalars.first.map { scalar in scalar.value < 0x100 ? scalar.value : 0x0100_0000 | scalar.value } ?? 0
        }
        return InputMethodKey(keyval: keyval, state: UIKeyModifierFlags(rawValue: modifiers).ibusState)
    }

    /// The HID usage of an X keysym: letters, digits and the keys with a function.
    static func usage(keyval: UInt32) -> UIKeyboardHIDUsage {
        switch keyval {
        // Latin-1 keysyms are their characters.
        case 0x20...0x7e: UIKeyboardHIDUsage(typing: Character(Unicode.Scalar(UInt8(keyval))))
        case 0xff08: .keyboardDeleteOrBackspace
        case 0xff0d, 0xff8d: .keyboardReturnOrEnter
        case 0xff09: .keyboardTab
        case 0xff1b: .keyboardEscape
        case 0xff51: .keyboardLeftArrow
        case 0xff52: .keyboardUpArrow
        case 0xff53: .keyboardRightArrow
        case 0xff54: .keyboardDownArrow
        case 0xffff: .keyboardDeleteForward
        default: .keyboardErrorUndefined
        }
    }
}

extension UIKeyModifierFlags {
    /// IBus's modifier mask (`IBusModifierType`): Shift 1, Lock 2, Control 4, Mod1 (Alt) 8,
    /// Super 1 << 26, Meta 1 << 28.
    static func from(ibusState state: UInt32) -> UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if state & 1 != 0 { flags.insert(.shift) }
        if state & 2 != 0 { flags.insert(.alphaShift) }
        if state & 4 != 0 { flags.insert(.control) }
        if state & 8 != 0 { flags.insert(.alternate) }
        if state & (1 << 26 | 1 << 28 | 1 << 6) != 0 { flags.insert(.command) }
        return flags
    }

    /// These modifiers as IBus's mask.
    var ibusState: UInt32 {
        (contains(.shift) ? 1 : 0) | (contains(.alphaShift) ? 2 : 0) | (contains(.control) ? 4 : 0)
            | (contains(.alternate) ? 8 : 0) | (contains(.command) ? 1 << 26 : 0)
    }
}
