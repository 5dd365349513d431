/// A property-list dictionary: string keys to values, kept in file order.
///
/// XML allows a key to appear twice in one `<dict>`. Every entry is kept; lookups by key
/// find the first, and ``duplicateKeys`` lists the later ones so that tools can report
/// them. (Apple's parsers keep the last; see ``PropertyListNode/foundationObject``.)
public struct PropertyListDictionary: Hashable, Sendable, Sequence {
    /// One key and its value.
    public struct Entry: Hashable, Sendable {
        /// The key.
        public var key: String
        /// Where the `<key>` element starts in an XML file; `nil` otherwise.
        public var keyPosition: SourcePosition?
        /// The value.
        public var node: PropertyListNode

        /// Creates an entry.
        public init(key: String, keyPosition: SourcePosition? = nil, node: PropertyListNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.node = node
        }
    }

    /// The entries, in file order, duplicates included.
    public var entries: [Entry] {
        didSet { firstIndexes = Self.indexes(of: entries) }
    }

    /// The index of each key's first entry.
    private var firstIndexes: [String: Int]

    /// Creates a dictionary from entries in order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
        self.firstIndexes = Self.indexes(of: entries)
    }

    private static func indexes(of entries: [Entry]) -> [String: Int] {
        var indexes: [String: Int] = [:]
        indexes.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where indexes[entry.key] == nil {
            indexes[entry.key] = index
        }
        return indexes
    }

    /// The value of the first entry with `key`, or `nil`.
    public subscript(key: String) -> PropertyListNode? {
        guard let index = firstIndexes[key] else { return nil }
        return entries[index].node
    }

    /// The first entry with `key`, with its key's position, or `nil`.
    public func entry(forKey key: String) -> Entry? {
        firstIndexes[key].map { entries[$0] }
    }

    /// The keys in file order, duplicates included.
    public var keys: [String] { entries.map(\.key) }

    /// The number of entries, duplicates included.
    public var count: Int { entries.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The entries whose key repeats an earlier entry's key, in file order.
    public var duplicateKeys: [Entry] {
        guard firstIndexes.count != entries.count else { return [] }
        return entries.enumerated().filter { firstIndexes[$0.element.key] != $0.offset }.map(\.element)
    }

    /// Iterates over the entries in order.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// Two dictionaries are equal when their entries are, in order.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}
