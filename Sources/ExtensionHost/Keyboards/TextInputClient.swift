import ExtensionUI

/// The app's text field, as an input method reaches it: what a keyboard's edits become.
///
/// An IBus engine implements it over `commit_text`, `delete_surrounding_text`,
/// `update_preedit_text` and `forward_key_event`; `appex keyboard try` over a field on the
/// terminal. Calls come in the order the keyboard made its edits.
public protocol TextInputClient: Sendable {
    /// Types `text` at the insertion point (the composition, if any, is already hidden).
    func commit(_ text: String)
    /// Deletes `count` characters starting `offset` characters from the insertion point,
    /// counted in Unicode scalars (IBus's unit): `(-1, 1)` deletes the one before.
    func deleteSurroundingText(offset: Int, count: Int)
    /// Shows `text` as the composition with the cursor `cursor` scalars into it; an empty
    /// `text` hides it.
    func updatePreedit(_ text: String, cursor: Int)
    /// Hands the app a key, for an edit it has no call for: a delete where the app
    /// reported no text, a move of the insertion point.
    func forward(_ key: KeyPress)
    /// The keyboard asked for the person's next keyboard.
    func advanceToNextInputMode()
    /// The keyboard asked to be put away.
    func dismissKeyboard()
    /// The keyboard failed and keys now go straight to the app; said once, with why.
    func keyboardFailed(_ message: String)
}

extension KeyPress {
    /// BackSpace, as a host forwards it.
    public static let backspace = KeyPress(characters: "\u{8}", keyCode: .keyboardDeleteOrBackspace)
    /// The left arrow.
    public static let leftArrow = KeyPress(characters: "", keyCode: .keyboardLeftArrow)
    /// The right arrow.
    public static let rightArrow = KeyPress(characters: "", keyCode: .keyboardRightArrow)
}
