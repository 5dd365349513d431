/// Key paths follow Apple's key-value coding:
///
/// - On a dictionary, a key gives its value, or null when missing.
/// - On an array, a key maps over the elements (so `extensionItems.attachments` is an array
///   of arrays), keeping nulls in place.
/// - `length` on a string gives its length in UTF-16 units; `self` gives the value itself.
/// - Any other key on a number, string, boolean, date or data gives null (Apple raises "not
///   key value coding-compliant"; Appex treats it as missing, so comparisons are false).
/// - A collection operator (`@count`, `@sum`, `@avg`, `@min`, `@max`,
///   `@unionOfObjects`, `@distinctUnionOfObjects`, `@unionOfArrays`,
///   `@distinctUnionOfArrays`) consumes the rest of the path: `items.@sum.price`.
extension Evaluator {
    mutating func keyPath(_ k: KeyPathExpression) throws(PredicateEvaluationError) -> PredicateValue {
        var components = k.components[...]
        let start: PredicateValue
        switch k.base {
        case .subquery(let s)?:
            if components.count == 1, components.first == "@count" {
                return .integer(try subquery(s, countOnly: true).count)
            }
            start = .array(try subquery(s, countOnly: false).matches)
        case nil, .evaluatedObject?:
            if let o = object {
                if let first = components.first, !first.hasPrefix("@") {
                    components = components.dropFirst()
                    start = o.predicateValue(forKey: first) ?? .null
                } else {
                    start = o.predicateValue
                }
            } else {
                return try KeyPathResolver.resolve(rootValue, components)
            }
        case let base?:
            start = try value(base)
        }
        return try KeyPathResolver.resolve(start, components)
    }
}

/// Walks key path components over values.
enum KeyPathResolver {
    /// Applies `components` to `value`.
    static func resolve(_ value: PredicateValue, _ components: ArraySlice<String>) throws(PredicateEvaluationError) -> PredicateValue {
        var v = value
        var i = components.startIndex
        while i < components.endIndex {
            let key = components[i]
            if key.utf8.first == UInt8(ascii: "@") {
                return try CollectionOperators.apply(key, to: v, then: components[(i + 1)...])
            }
            v = try step(v, key, depth: 0)
            i += 1
        }
        return v
    }

    /// `key` of the dictionary `d` (which is the value `whole`): the key's value; for a
    /// missing `self` key, `whole` itself; else null.
    @inline(__always)
    static func lookup(_ d: [String: PredicateValue], _ key: String,
                       whole: @autoclosure () -> PredicateValue) -> PredicateValue {
        if let found = d[key] { return found }
        return key == "self" ? whole() : .null
    }

    /// One key applied to one value; maps over arrays (nested arrays map recursively).
    static func step(_ v: PredicateValue, _ key: String, depth: Int) throws(PredicateEvaluationError) -> PredicateValue {
        switch v {
        case .dictionary(let d):
            return lookup(d, key, whole: v)
        case .array(let a):
            guard depth < PredicateValue.maximumConversionDepth else {
                throw PredicateEvaluationError(.tooDeep,
                    "key \"\(key)\" maps over arrays nested deeper than \(PredicateValue.maximumConversionDepth)")
            }
            var out: [PredicateValue] = []
            out.reserveCapacity(a.count)
            for e in a { out.append(try step(e, key, depth: depth + 1)) }
            return .array(out)
        case .string(let s):
            if key == "length" { return .integer(s.utf16.count) }
            return key == "self" ? v : .null
        case .null:
            return .null
        default:
            return key == "self" ? v : .null
        }
    }
}
