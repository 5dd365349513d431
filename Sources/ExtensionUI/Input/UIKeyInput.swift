/// Something a keyboard types into: UIKit's `UIKeyInput`.
@MainActor
public protocol UIKeyInput: UITextInputTraits {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point, replacing the selection (and marked text).
    func insertText(_ text: String)
    /// Deletes the character before the insertion point, or the selection.
    func deleteBackward()
}

/// A text field's editing interface, as a keyboard's change callbacks name it: UIKit's
/// `UITextInput`. A keyboard extension is handed `nil` or the document proxy and reaches
/// the text through ``UITextDocumentProxy`` only.
@MainActor
public protocol UITextInput: UIKeyInput {}

/// Told before and after the field's text or selection changes: UIKit's
/// `UITextInputDelegate`, which ``UIInputViewController`` adopts.
@MainActor
public protocol UITextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: (any UITextInput)?)
    func selectionDidChange(_ textInput: (any UITextInput)?)
    func textWillChange(_ textInput: (any UITextInput)?)
    func textDidChange(_ textInput: (any UITextInput)?)
}
