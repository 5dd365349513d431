/// Words a keyboard may offer: UIKit's `UILexicon`, from
/// ``UIInputViewController/requestSupplementaryLexicon(completion:)``.
///
/// On iOS it holds the person's text replacements and the names of their contacts; here,
/// the entries of the lexicon file the host keeps (docs/KEYBOARDS.md, "The lexicon").
public final class UILexicon: Sendable {
    /// The entries, in the order the host gave them.
    public let entries: [UILexiconEntry]

    /// A lexicon of `entries`.
    public init(entries: [UILexiconEntry]) {
        self.entries = entries
    }
}

/// One word pair: what the person types, and what goes into the document.
public final class UILexiconEntry: Sendable {
    /// The text to insert (`On my way!`).
    public let documentText: String
    /// The text that triggers it (`omw`).
    public let userInput: String

    /// An entry replacing `userInput` with `documentText`.
    public init(documentText: String, userInput: String) {
        self.documentText = documentText
        self.userInput = userInput
    }
}
