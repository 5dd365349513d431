import ExtensionUI

/// In ``BeginRequest``, for a keyboard: the field it types into first and where it runs,
/// known before its view loads.
package struct KeyboardSetup: Codable, Hashable, Sendable {
    /// The field.
    package var document: TextDocumentContext
    /// Full access, the switch key, the lexicon.
    package var environment: KeyboardEnvironment

    package init(document: TextDocumentContext, environment: KeyboardEnvironment) {
        self.document = document
        self.environment = environment
    }
}

/// Host → extension: the app's text field changed on its own (the person moved the
/// insertion point, the app replaced the text, another field took the focus). The keyboard
/// hears `textWillChange`/`textDidChange` (or the selection pair) around it. Its own edits
/// are not echoed back. Not answered: the next ``ViewUpdate`` shows any effect.
package struct TextDocumentChange: Codable, Hashable, Sendable {
    /// The field now.
    package var document: TextDocumentContext

    package init(document: TextDocumentContext) {
        self.document = document
    }
}
