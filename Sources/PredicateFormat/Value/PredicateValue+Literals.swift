extension PredicateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A string literal: `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal: `.integer`.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A floating-point literal: `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `true` or `false`: `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `nil`: `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// An array literal: `.array`.
    public init(arrayLiteral elements: PredicateValue...) { self = .array(elements) }
    /// A dictionary literal: `.dictionary`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, PredicateValue)...) {
        var d: [String: PredicateValue] = [:]
        d.reserveCapacity(elements.count)
        for (k, v) in elements { d[k] = v }
        self = .dictionary(d)
    }
}
