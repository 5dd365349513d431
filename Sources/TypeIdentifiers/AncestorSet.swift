/// A fixed bit set over the type indexes of one registry snapshot.
///
/// Conformance checks between two types of the same snapshot are one load and one mask.
struct AncestorSet: Sendable, Hashable {
    private(set) var words: [UInt64]

    init(capacity: Int) {
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        let word = index >> 6
        guard index >= 0, word < words.count else { return false }
        return words[word] & (1 << UInt64(index & 63)) != 0
    }

    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func formUnion(_ other: AncestorSet) {
        for i in words.indices { words[i] |= other.words[i] }
    }
}
