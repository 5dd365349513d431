import Foundation

/// The keyboard's ``UITextDocumentProxy``: a copy of the host's ``TextDocumentContext`` that
/// the keyboard's edits change at once, and the edits themselves, kept in order until the
/// runtime takes them to the host with the next snapshot (``takeEdits()``).
@MainActor
package final class TextDocumentProxy: UITextDocumentProxy {
    /// The document as the keyboard sees it.
    package private(set) var context: TextDocumentContext
    private var edits: [TextInputEdit] = []
    /// How many edits earlier batches carried.
    private var taken = 0
    /// Called after each edit (the view host publishes a snapshot carrying it).
    var onEdit: (@MainActor () -> Void)?

    package init(context: TextDocumentContext = TextDocumentContext()) {
        self.context = context
    }

    /// The host reported the app's field: the copy becomes it.
    package func replaceContext(_ context: TextDocumentContext) {
        self.context = context
    }

    /// The edits made since the last call, in order, numbered after those taken before;
    /// `nil` when there are none.
    package func takeEdits() -> TextEditBatch? {
        guard !edits.isEmpty else { return nil }
        defer {
            taken += edits.count
            edits = []
        }
        return TextEditBatch(first: taken, edits: edits)
    }

    /// Whether edits wait to be taken.
    package var hasEdits: Bool { !edits.isEmpty }

    func record(_ edit: TextInputEdit) {
        context.apply(edit)
        edits.append(edit)
        onEdit?()
    }

    // MARK: UIKeyInput

    package var hasText: Bool { context.hasText }
    package func insertText(_ text: String) { record(.insert(text)) }
    package func deleteBackward() { record(.deleteBackward) }

    // MARK: UITextDocumentProxy

    package var documentContextBeforeInput: String? { context.before }
    package var documentContextAfterInput: String? { context.after }
    package var selectedText: String? { context.selected.flatMap { $0.isEmpty ? nil : $0 } }
    package var documentInputMode: UITextInputMode? { nil }
    package var documentIdentifier: UUID { context.documentIdentifier }

    package func adjustTextPosition(byCharacterOffset offset: Int) {
        guard offset != 0 else { return }
        record(.adjustPosition(offset))
    }

    package func setMarkedText(_ markedText: String, selectedRange: NSRange) {
        record(.setMarkedText(markedText, location: selectedRange.location, length: selectedRange.length))
    }

    package func unmarkText() {
        guard !context.marked.isEmpty else { return }
        record(.unmarkText)
    }

    // MARK: UITextInputTraits

    package var keyboardType: UIKeyboardType? { context.keyboardType }
    package var returnKeyType: UIReturnKeyType? { context.returnKeyType }
    package var keyboardAppearance: UIKeyboardAppearance? { .default }
    package var autocapitalizationType: UITextAutocapitalizationType? { context.autocapitalizationType }
    package var autocorrectionType: UITextAutocorrectionType? { context.autocorrectionType }
    package var spellCheckingType: UITextSpellCheckingType? { .default }
    package var enablesReturnKeyAutomatically: Bool? { context.enablesReturnKeyAutomatically }
    package var isSecureTextEntry: Bool? { false }
    package var textContentType: UITextContentType? { context.textContentType }
}
