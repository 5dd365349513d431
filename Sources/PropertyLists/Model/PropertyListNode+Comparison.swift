extension PropertyListNode {
    /// This node with every position (values' and keys') removed, for comparisons.
    public var withoutPositions: PropertyListNode {
        switch value {
        case .array(let elements):
            return PropertyListNode(.array(elements.map(\.withoutPositions)))
        case .dictionary(let dictionary):
            return PropertyListNode(.dictionary(PropertyListDictionary(dictionary.entries.map {
                .init(key: $0.key, node: $0.node.withoutPositions)
            })))
        default:
            return PropertyListNode(value)
        }
    }

    /// Whether two trees hold the same values in the same order, ignoring positions.
    /// Reals compare by value, except that NaN equals NaN.
    public func isEqualIgnoringPositions(_ other: PropertyListNode) -> Bool {
        switch (value, other.value) {
        case (.real(let a), .real(let b)):
            return a == b || (a.isNaN && b.isNaN)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEqualIgnoringPositions($1) }
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a.entries, b.entries).allSatisfy {
                $0.key == $1.key && $0.node.isEqualIgnoringPositions($1.node)
            }
        default:
            return value == other.value
        }
    }
}

extension PropertyListNode {
    /// This tree as Apple's XML parser sees it: a key repeated in a dictionary appears once,
    /// at its first place, with its **last** value. Positions are kept. Trees without
    /// duplicate keys come back unchanged.
    public var withDuplicateKeysResolved: PropertyListNode {
        switch value {
        case .array(let elements):
            var copy = self
            copy.value = .array(elements.map(\.withDuplicateKeysResolved))
            return copy
        case .dictionary(let dictionary):
            var entries: [PropertyListDictionary.Entry] = []
            var places: [String: Int] = [:]
            for entry in dictionary.entries {
                var resolved = entry
                resolved.node = entry.node.withDuplicateKeysResolved
                if let place = places[entry.key] {
                    entries[place].node = resolved.node
                } else {
                    places[entry.key] = entries.count
                    entries.append(resolved)
                }
            }
            var copy = self
            copy.value = .dictionary(PropertyListDictionary(entries))
            return copy
        default:
            return self
        }
    }
}
