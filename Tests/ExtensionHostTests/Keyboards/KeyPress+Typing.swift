import ExtensionUI

extension KeyPress {
    /// The key typing `character` (a letter, a symbol), as a host reports it.
    static func typing(_ character: String, modifiers: UIKeyModifierFlags = []) -> KeyPress {
        KeyPress(characters: character, modifiers: modifiers, keyCode: .keyboardErrorUndefined)
    }

    static let physicalBackspace = KeyPress(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace)
}
