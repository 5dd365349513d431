extension PropertyListNode: ExpressibleByStringLiteral {
    /// A string node from a literal.
    public init(stringLiteral value: String) { self.init(.string(value)) }
}

extension PropertyListNode: ExpressibleByIntegerLiteral {
    /// An integer node from a literal.
    public init(integerLiteral value: Int64) { self.init(.integer(value)) }
}

extension PropertyListNode: ExpressibleByFloatLiteral {
    /// A real node from a literal.
    public init(floatLiteral value: Double) { self.init(.real(value)) }
}

extension PropertyListNode: ExpressibleByBooleanLiteral {
    /// A boolean node from a literal.
    public init(booleanLiteral value: Bool) { self.init(.boolean(value)) }
}

extension PropertyListNode: ExpressibleByArrayLiteral {
    /// An array node from a literal.
    public init(arrayLiteral elements: PropertyListNode...) { self.init(.array(elements)) }
}

extension PropertyListNode {
    /// A dictionary node from key-value pairs in order: `PropertyListNode(entries: ["a": 1])`.
    /// (The node cannot be a dictionary literal itself: its nested `Value` type would clash
    /// with the protocol's.)
    public init(entries: KeyValuePairs<String, PropertyListNode>) {
        self.init(.dictionary(PropertyListDictionary(entries.map { .init(key: $0.key, node: $0.value) })))
    }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    /// A dictionary from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, PropertyListNode)...) {
        self.init(elements.map { .init(key: $0.0, node: $0.1) })
    }
}
