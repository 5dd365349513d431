/// What the host tells a keyboard about where it runs: whether it has full access, whether
/// it must show a key to switch keyboards, and the lexicon it may offer.
public struct KeyboardEnvironment: Hashable, Sendable, Codable {
    /// One lexicon entry (``UILexiconEntry``).
    public struct LexiconPair: Hashable, Sendable, Codable {
        public var userInput: String
        public var documentText: String

        public init(userInput: String, documentText: String) {
            self.userInput = userInput
            self.documentText = documentText
        }
    }

    /// Whether the keyboard asked for open access (`RequestsOpenAccess`) and has it.
    public var hasFullAccess: Bool
    /// Whether the host offers no other way to switch keyboards.
    public var needsInputModeSwitchKey: Bool
    /// The lexicon ``UIInputViewController/requestSupplementaryLexicon(completion:)`` hands over.
    public var lexicon: [LexiconPair]

    public init(hasFullAccess: Bool = false, needsInputModeSwitchKey: Bool = false, lexicon: [LexiconPair] = []) {
        self.hasFullAccess = hasFullAccess
        self.needsInputModeSwitchKey = needsInputModeSwitchKey
        self.lexicon = lexicon
    }
}
