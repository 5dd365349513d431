import Foundation

/// A key of the person's own keyboard, pressed: UIKit's `UIPress`.
///
/// The host hands a keyboard the keys typed on the person's physical keyboard as presses
/// (docs/KEYBOARDS.md, "Physical keys"); ``UIResponder/pressesBegan(_:with:)`` receives them.
@MainActor
public final class UIPress: NSObject {
    /// Where the press is: UIKit's `UIPress.Phase`.
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// The press's phase.
    public internal(set) var phase: Phase
    /// The key, with what it types.
    public let key: UIKey?
    /// When it happened, in seconds since the host started.
    public let timestamp: TimeInterval

    package init(phase: Phase, key: UIKey?, timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime) {
        self.phase = phase
        self.key = key
        self.timestamp = timestamp
    }
}

/// A keyboard key and what it types: UIKit's `UIKey`.
public final class UIKey: NSObject, Sendable {
    /// What the key types with the modifiers held (`"A"` with shift).
    public let characters: String
    /// What the key types without modifiers other than shift.
    public let charactersIgnoringModifiers: String
    /// The modifiers held.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's USB HID usage.
    public let keyCode: UIKeyboardHIDUsage

    /// A key typing `characters`.
    public init(characters: String, charactersIgnoringModifiers: String? = nil, modifierFlags: UIKeyModifierFlags = [],
                keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
        self.modifierFlags = modifierFlags
        self.keyCode = keyCode
    }
}

/// Modifier keys held: UIKit's `UIKeyModifierFlags`.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage (page 7): UIKit's `UIKeyboardHIDUsage`, with the keys a keyboard
/// extension is likely to handle named.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// No key the host could name (a key beyond the HID table's first page).
    public static let keyboardErrorUndefined = UIKeyboardHIDUsage(rawValue: 3)
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 4)
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 29)
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 30)
    public static let keyboard9 = UIKeyboardHIDUsage(rawValue: 38)
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 39)
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 40)
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 41)
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 42)
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 43)
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 44)
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 76)
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 79)
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 80)
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 81)
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 82)
}

extension UIKeyboardHIDUsage {
    /// The usage of the key that types `character` on a US layout: a letter (either case), a
    /// digit, space, return or tab; ``keyboardErrorUndefined`` for any other character.
    public init(typing character: Character) {
        let scalar = character.unicodeScalars.count == 1 ? character.unicodeScalars.first?.value ?? 0 : 0
        switch scalar {
        case 0x61...0x7A: self.init(rawValue: 4 + Int(scalar - 0x61))
        case 0x41...0x5A: self.init(rawValue: 4 + Int(scalar - 0x41))
        case 0x31...0x39: self.init(rawValue: 30 + Int(scalar - 0x31))
        case 0x30: self = .keyboard0
        case 0x20: self = .keyboardSpacebar
        case 0x0A, 0x0D: self = .keyboardReturnOrEnter
        case 0x09: self = .keyboardTab
        default: self = .keyboardErrorUndefined
        }
    }
}

/// An event of the person's physical keyboard: UIKit's `UIEvent`.
@MainActor
open class UIEvent: NSObject {
    /// When it happened, in seconds since the host started.
    public let timestamp: TimeInterval

    package init(timestamp: TimeInterval) {
        self.timestamp = timestamp
    }
}

/// The presses of one key event: UIKit's `UIPressesEvent`.
@MainActor
public final class UIPressesEvent: UIEvent {
    /// Every press of the event.
    public let allPresses: Set<UIPress>
    /// Set when the presses went down the whole responder chain without a responder taking them.
    package var reachedEndOfChain = false

    package init(presses: Set<UIPress>) {
        self.allPresses = presses
        super.init(timestamp: presses.first?.timestamp ?? ProcessInfo.processInfo.systemUptime)
    }
}
