/// A Swift type a predicate can be evaluated against directly, answering key lookups
/// without being converted to a dictionary first.
///
/// Only the evaluated object itself is asked; what it returns for a key is a
/// ``PredicateValue`` that the rest of the key path walks as usual.
///
/// ```swift
/// struct Person: PredicateKeyValueCoding {
///     var name: String, age: Int
///     func predicateValue(forKey key: String) -> PredicateValue? {
///         switch key {
///         case "name": .string(name)
///         case "age": .integer(age)
///         default: nil
///         }
///     }
/// }
/// ```
public protocol PredicateKeyValueCoding {
    /// The value for `key`, or `nil` when the object has no such key (treated as null).
    func predicateValue(forKey key: String) -> PredicateValue?

    /// The whole object as a value, used where the predicate names `SELF` as a value.
    /// Defaults to `.null`.
    var predicateValue: PredicateValue { get }
}

extension PredicateKeyValueCoding {
    /// The default: `.null` (the object cannot be compared as a whole).
    public var predicateValue: PredicateValue { .null }
}

extension PredicateValue: PredicateKeyValueCoding {
    /// A dictionary's value for `key`; `nil` for a missing key or a non-dictionary.
    public func predicateValue(forKey key: String) -> PredicateValue? {
        if case .dictionary(let d) = self { return d[key] }
        return nil
    }

    /// The value itself.
    public var predicateValue: PredicateValue { self }
}
