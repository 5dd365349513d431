import Foundation

extension PredicateValue {
    /// Structural equality: same case and equal payloads (`1` and `1.0` differ here; the
    /// predicate `==` operator compares numbers by value instead).
    ///
    /// Iterative, so comparing values nested thousands deep cannot overflow the stack.
    public static func == (lhs: PredicateValue, rhs: PredicateValue) -> Bool {
        if let scalar = scalarEquality(lhs, rhs) { return scalar }
        var work: [(PredicateValue, PredicateValue)] = [(lhs, rhs)]
        while let (a, b) = work.popLast() {
            if let scalar = scalarEquality(a, b) {
                if !scalar { return false }
                continue
            }
            switch (a, b) {
            case let (.array(x), .array(y)):
                guard x.count == y.count else { return false }
                for i in x.indices { work.append((x[i], y[i])) }
            case let (.dictionary(x), .dictionary(y)):
                guard x.count == y.count else { return false }
                for (key, value) in x {
                    guard let other = y[key] else { return false }
                    work.append((value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// Equality of two values when at least one is not a container; `nil` for two containers
    /// of the same kind.
    @inline(__always)
    private static func scalarEquality(_ a: PredicateValue, _ b: PredicateValue) -> Bool? {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.integer(x), .integer(y)): x == y
        case let (.double(x), .double(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.date(x), .date(y)): x == y
        case let (.data(x), .data(y)): x == y
        case (.array, .array), (.dictionary, .dictionary): nil
        default: false
        }
    }

    /// Hashes the value's case and scalar payloads, and containers down to a small depth
    /// (equal values still hash equally; deep values cannot overflow the stack).
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, depth: 0)
    }

    private func hash(into hasher: inout Hasher, depth: Int) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(1); hasher.combine(v)
        case .integer(let v): hasher.combine(2); hasher.combine(v)
        case .double(let v): hasher.combine(3); hasher.combine(v)
        case .string(let v): hasher.combine(4); hasher.combine(v)
        case .date(let v): hasher.combine(5); hasher.combine(v)
        case .data(let v): hasher.combine(6); hasher.combine(v)
        case .array(let v):
            hasher.combine(7)
            hasher.combine(v.count)
            if depth < 4 { for e in v.prefix(16) { e.hash(into: &hasher, depth: depth + 1) } }
        case .dictionary(let v):
            hasher.combine(8)
            hasher.combine(v.count)
        }
    }
}
