import Foundation

/// The text field a keyboard types into, as the host knows it: the text around the
/// insertion point, the composition, and the field's traits. The host sends it when the
/// app reports a change; the keyboard's proxy keeps a copy and applies its own edits to it
/// at once (``apply(_:)``), as the host does to its own.
public struct TextDocumentContext: Hashable, Sendable, Codable {
    /// The text before the insertion point; `nil` when the app reports none.
    public var before: String?
    /// The text after the insertion point; `nil` when the app reports none.
    public var after: String?
    /// The selected text; `nil` when nothing is selected.
    public var selected: String?
    /// The composition shown (marked text, an input method's preedit); empty when none.
    public var marked: String
    /// Stays the same while the keyboard types into one field.
    public var documentIdentifier: UUID
    public var keyboardType: UIKeyboardType
    public var returnKeyType: UIReturnKeyType
    public var autocapitalizationType: UITextAutocapitalizationType
    public var autocorrectionType: UITextAutocorrectionType
    public var textContentType: UITextContentType?
    public var enablesReturnKeyAutomatically: Bool

    /// A field with `before` and `after` around the insertion point and default traits.
    public init(before: String? = nil, after: String? = nil, selected: String? = nil, marked: String = "",
                documentIdentifier: UUID = UUID(), keyboardType: UIKeyboardType = .default,
                returnKeyType: UIReturnKeyType = .default, autocapitalizationType: UITextAutocapitalizationType = .sentences,
                autocorrectionType: UITextAutocorrectionType = .default, textContentType: UITextContentType? = nil,
                enablesReturnKeyAutomatically: Bool = false) {
        self.before = before
        self.after = after
        self.selected = selected
        self.marked = marked
        self.documentIdentifier = documentIdentifier
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalizationType = autocapitalizationType
        self.autocorrectionType = autocorrectionType
        self.textContentType = textContentType
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
    }

    /// Whether the field holds any text.
    public var hasText: Bool {
        !(before ?? "").isEmpty || !(after ?? "").isEmpty || !(selected ?? "").isEmpty || !marked.isEmpty
    }

    /// Applies one of the keyboard's edits; what it removed or moved, for a host that must
    /// say so to the app in its own units.
    @discardableResult
    public mutating func apply(_ edit: TextInputEdit) -> TextEditEffect {
        switch edit {
        case .insert(let text):
            let replaced = marked
            marked = ""
            selected = nil
            before = (before ?? "") + text
            return TextEditEffect(replacedComposition: replaced)
        case .deleteBackward:
            if !marked.isEmpty {
                return TextEditEffect(removed: String(marked.removeLast()), fromComposition: true)
            }
            if let selection = selected, !selection.isEmpty {
                selected = nil
                return TextEditEffect(removed: selection, fromSelection: true)
            }
            guard var text = before, let last = text.popLast() else {
                // Nothing known before the insertion point: the app decides what a delete does.
                return TextEditEffect(removed: nil)
            }
            before = text
            return TextEditEffect(removed: String(last))
        case .adjustPosition(let offset):
            var moved = ""
            if offset < 0 {
                let text = before ?? ""
                let count = min(-offset, text.count)
                moved = String(text.suffix(count))
                before = String(text.dropLast(count))
                after = moved + (after ?? "")
            } else if offset > 0 {
                let text = after ?? ""
                let count = min(offset, text.count)
                moved = String(text.prefix(count))
                after = String(text.dropFirst(count))
                before = (before ?? "") + moved
            }
            return TextEditEffect(moved: moved)
        case .setMarkedText(let text, _, _):
            let replaced = marked
            marked = text
            selected = nil
            return TextEditEffect(replacedComposition: replaced)
        case .unmarkText:
            let committed = marked
            marked = ""
            if !committed.isEmpty { before = (before ?? "") + committed }
            return TextEditEffect(replacedComposition: committed)
        case .advanceToNextInputMode, .dismissKeyboard:
            return TextEditEffect()
        }
    }
}

/// What one ``TextInputEdit`` did to a ``TextDocumentContext``.
public struct TextEditEffect: Hashable, Sendable {
    /// The text a delete removed; `nil` when it removed nothing the context knew of.
    public var removed: String?
    /// Whether the delete shortened the composition.
    public var fromComposition = false
    /// Whether the delete removed the selection.
    public var fromSelection = false
    /// The characters an adjustment moved over (fewer than asked at an end of the context).
    public var moved = ""
    /// The composition an insertion replaced or ``TextInputEdit/unmarkText`` committed.
    public var replacedComposition = ""

    public init(removed: String? = nil, fromComposition: Bool = false, fromSelection: Bool = false, moved: String = "",
                replacedComposition: String = "") {
        self.removed = removed
        self.fromComposition = fromComposition
        self.fromSelection = fromSelection
        self.moved = moved
        self.replacedComposition = replacedComposition
    }
}

/// One thing a keyboard did to the document, in the order it did them.
public enum TextInputEdit: Hashable, Sendable, Codable {
    /// `insertText(_:)`.
    case insert(String)
    /// `deleteBackward()`.
    case deleteBackward
    /// `adjustTextPosition(byCharacterOffset:)`.
    case adjustPosition(Int)
    /// `setMarkedText(_:selectedRange:)`, the range in UTF-16 units.
    case setMarkedText(String, location: Int, length: Int)
    /// `unmarkText()`.
    case unmarkText
    /// `advanceToNextInputMode()`: the person wants the next keyboard.
    case advanceToNextInputMode
    /// `dismissKeyboard()`.
    case dismissKeyboard
}
