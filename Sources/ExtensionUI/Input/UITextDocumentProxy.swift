import Foundation

/// The text field a custom keyboard types into, as far as the keyboard may see it:
/// UIKit's `UITextDocumentProxy`.
///
/// ```swift
/// let before = textDocumentProxy.documentContextBeforeInput ?? ""
/// if before.hasSuffix(" ") { textDocumentProxy.deleteBackward() }
/// textDocumentProxy.insertText("。")
/// ```
///
/// The context is the text around the insertion point that the app reported (docs/KEYBOARDS.md,
/// "What a keyboard sees"). Edits apply to the proxy's own copy at once — the context after
/// `insertText` already ends with the text — and reach the app in the order made.
/// Characters are counted as Swift counts them: one `Character` (a grapheme cluster,
/// such as 你 or 👍🏽) is one.
@MainActor
public protocol UITextDocumentProxy: UIKeyInput {
    /// The text before the insertion point, `nil` when the app reported none.
    var documentContextBeforeInput: String? { get }
    /// The text after the insertion point, `nil` when the app reported none.
    var documentContextAfterInput: String? { get }
    /// The selected text, `nil` when nothing is selected.
    var selectedText: String? { get }
    /// The input mode the field asked for (`nil`: the keyboard's own).
    var documentInputMode: UITextInputMode? { get }
    /// Stays the same while the keyboard types into one field.
    var documentIdentifier: UUID { get }
    /// Moves the insertion point by `offset` characters (negative: backwards), within the
    /// reported context.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// Shows `markedText` as the composition (an input method's preedit), replacing the
    /// current one; `selectedRange` is in it, in UTF-16 units.
    func setMarkedText(_ markedText: String, selectedRange: NSRange)
    /// Commits the composition as typed text.
    func unmarkText()
}

/// A keyboard language: UIKit's `UITextInputMode`.
public final class UITextInputMode: Sendable {
    /// The primary language, as a BCP 47 tag (`zh-Hans`, `en-US`).
    public let primaryLanguage: String?

    /// A mode for `primaryLanguage`.
    public init(primaryLanguage: String?) {
        self.primaryLanguage = primaryLanguage
    }
}
