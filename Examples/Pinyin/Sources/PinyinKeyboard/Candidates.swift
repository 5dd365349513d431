/// One choice for what was typed: the hanzi, and how many of the typed letters it uses.
struct Candidate: Equatable {
    var text: String
    var consumed: Int
}

enum Candidates {
    /// The choices for `letters`, best first: whole words, then the characters of the
    /// longest syllable it starts with. A character that makes a word with `previous` (the
    /// character before the insertion point) comes first: after 中, guo gives 国.
    static func `for`(_ letters: String, after previous: Character?) -> [Candidate] {
        guard !letters.isEmpty else { return [] }
        var found: [Candidate] = []
        // Whole words first: the longest prefix of the letters that is a word's pinyin.
        for end in stride(from: letters.count, through: 2, by: -1) {
            let prefix = String(letters.prefix(end))
            for word in PinyinTable.words[prefix] ?? [] { found.append(Candidate(text: word, consumed: end)) }
        }
        if let syllable = PinyinTable.syllables.first(where: { letters.hasPrefix($0) }) {
            var characters = (PinyinTable.characters[syllable] ?? []).map { Candidate(text: $0, consumed: syllable.count) }
            if let previous {
                let makesWord = characters.filter { PinyinTable.wordSet.contains(String(previous) + $0.text) }
                characters = makesWord + characters.filter { !makesWord.contains($0) }
            }
            found += characters
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.text).inserted }
    }
}
