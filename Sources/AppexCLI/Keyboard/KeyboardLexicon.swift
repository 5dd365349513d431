import DeviceLayout
import ExtensionUI
import Foundation
import PropertyLists

/// The lexicon keyboards get from `requestSupplementaryLexicon` (iOS's text replacements):
/// `Keyboards/Lexicon.plist` in the home, a dictionary from what the person types to what
/// goes into the document (docs/KEYBOARDS.md, "The lexicon"). No file is an empty lexicon.
enum KeyboardLexicon {
    /// The file in `home`.
    static func file(in home: AppexHome) -> URL {
        home.root.appendingPathComponent("Keyboards/Lexicon.plist")
    }

    /// The entries of `home`'s file, in its order. A file that is not a dictionary of
    /// strings is an error naming the file, the line and the key.
    static func load(from home: AppexHome) throws -> [KeyboardEnvironment.LexiconPair] {
        let url = file(in: home)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let document = try PropertyListDocument.read(contentsOf: url)
        guard let entries = document.root.dictionary else {
            throw CommandFailure("\(url.path): the lexicon is \(document.root.kindDescription), expected a dictionary from what is typed to what is inserted")
        }
        return try entries.entries.map { entry in
            guard let text = entry.node.string else {
                let place = entry.keyPosition.map { ":\($0.line):\($0.column)" } ?? ""
                throw CommandFailure("\(url.path)\(place): '\(entry.key)' is \(entry.node.kindDescription), expected the string it becomes")
            }
            return KeyboardEnvironment.LexiconPair(userInput: entry.key, documentText: text)
        }
    }
}
