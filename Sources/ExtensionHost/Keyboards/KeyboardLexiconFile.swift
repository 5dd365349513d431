import DeviceLayout
import ExtensionUI
import Foundation
import PropertyLists
import SystemSupport

/// The lexicon keyboards get from `requestSupplementaryLexicon` (iOS's text replacements):
/// `Keyboards/Lexicon.plist` in the home, a dictionary from what the person types to what
/// goes into the document (docs/KEYBOARDS.md, "The lexicon"). No file is an empty lexicon.
public enum KeyboardLexiconFile {
    /// The file in `home`.
    public static func url(in home: AppexHome) -> URL {
        home.root.appendingPathComponent("Keyboards/Lexicon.plist")
    }

    /// The entries of `home`'s file, in its order. A file that cannot be read, or is not a
    /// dictionary of strings, is an error naming the file, the line and the key.
    public static func load(from home: AppexHome) throws(KeyboardLexiconError) -> [KeyboardEnvironment.LexiconPair] {
        let url = url(in: home)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let document: PropertyListDocument
        do {
            document = try PropertyListDocument.read(contentsOf: url)
        } catch {
            throw KeyboardLexiconError(.unreadable, "\(error)")
        }
        guard let entries = document.root.dictionary else {
            throw KeyboardLexiconError(.notADictionary, "\(url.path): the lexicon is \(document.root.kindDescription), expected a dictionary from what is typed to what is inserted")
        }
        var pairs: [KeyboardEnvironment.LexiconPair] = []
        for entry in entries.entries {
            guard let text = entry.node.string else {
                let place = entry.keyPosition.map { ":\($0.line):\($0.column)" } ?? ""
                throw KeyboardLexiconError(.notAString, "\(url.path)\(place): '\(entry.key)' is \(entry.node.kindDescription), expected the string it becomes")
            }
            pairs.append(KeyboardEnvironment.LexiconPair(userInput: entry.key, documentText: text))
        }
        return pairs
    }
}

/// Why the lexicon file could not be used.
public struct KeyboardLexiconError: SimpleAppexError, Hashable {
    /// What kind of problem this is; extensible.
    public struct Code: ErrorCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The file is not a property list (the message is the reader's, with line and column).
        public static let unreadable = Code("unreadable")
        /// Its root is not a dictionary.
        public static let notADictionary = Code("not-a-dictionary")
        /// A value is not a string.
        public static let notAString = Code("not-a-string")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
