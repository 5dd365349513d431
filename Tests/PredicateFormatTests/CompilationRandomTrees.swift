import Foundation
import PredicateFormat

/// Random predicates and objects over a small vocabulary, so that keys, strings and types
/// collide often enough for comparisons to be true as often as false.
struct RandomTrees {
    var rng: SeededGenerator
    /// `SUBQUERY` variables in scope while generating.
    private var scope: [String] = []

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    static let keys = ["a", "b", "name", "tags", "items", "n", "self", "length"]
    static let strings = ["", "a", "A", "ab", "Ab", "abc", "b", "Benson", "benson", "Crème", "CRÈME", "creme",
                          "straße", "STRASSE", "e\u{301}", "é", "public.jpeg", "PUBLIC.JPEG", "public.image",
                          "public.data", "com.adobe.pdf", "public.file-url", "dyn.ah62d4rv4ge81e5pe", "a*b", "a?c"]
    static let patterns = ["*", "a*", "*b", "*b*", "a?", "?b*", "\\*", "a\\?c", "A*", "*é*", "cr?me", "*E*", "**",
                           "ab", "", "a*b*c", "*public*"]
    static let regexes = ["a.*", "A", "(a|ab)", "[a-c]+", "B.n.*", "(", "*a", "\\w+", ".*e\u{301}.*", "cr.me"]
    static let functions = ["sum", "count", "min", "max", "average", "median", "mode", "stddev", "sqrt", "abs",
                            "floor", "trunc", "uppercase", "lowercase", "nope"]
    static let collectionOperators = ["@count", "@sum", "@avg", "@min", "@max", "@distinctUnionOfObjects",
                                      "@unionOfObjects", "@unionOfArrays", "@bogus"]

    mutating func int(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }

    // MARK: Values

    mutating func scalar() -> PredicateValue {
        switch int(9) {
        case 0: return .null
        case 1: return .bool(chance(0.5))
        case 2, 3: return .integer(int(7) - 2)
        case 4: return .double(pick([0.5, 1.0, 2.0, -1.5, 3.0, .nan]))
        case 5: return .date(Date(timeIntervalSince1970: Double(int(3))))
        default: return .string(pick(Self.strings))
        }
    }

    mutating func value(depth: Int = 0) -> PredicateValue {
        guard depth < 3 else { return scalar() }
        switch int(10) {
        case 0, 1: return .array((0..<int(4)).map { _ in value(depth: depth + 1) })
        case 2: return object(depth: depth + 1)
        default: return scalar()
        }
    }

    mutating func object(depth: Int = 0) -> PredicateValue {
        var d: [String: PredicateValue] = [:]
        for key in Self.keys.shuffled(using: &rng).prefix(int(Self.keys.count)) where key != "self" || chance(0.2) {
            d[key] = value(depth: depth)
        }
        return .dictionary(d)
    }

    // MARK: Expressions

    mutating func keyPath() -> FormatExpression {
        var components = (0..<(1 + int(2))).map { _ in pick(Self.keys) }
        if chance(0.2) { components.insert(pick(Self.collectionOperators), at: int(components.count + 1)) }
        let base: FormatExpression?
        switch int(6) {
        case 0: base = .evaluatedObject
        case 1 where !scope.isEmpty: base = .variable(pick(scope))
        default: base = nil
        }
        return .keyPath(KeyPathExpression(base: base, components))
    }

    mutating func expression(depth: Int) -> FormatExpression {
        if depth > 2 { return chance(0.5) ? .constant(scalar()) : keyPath() }
        switch int(16) {
        case 0...3: return keyPath()
        case 4...6: return .constant(value(depth: 1))
        case 7: return .evaluatedObject
        case 8: return .variable(scope.isEmpty || chance(0.3) ? pick(["v", "missing"]) : pick(scope))
        case 9: return .aggregate((0..<int(4)).map { _ in expression(depth: depth + 1) })
        case 10: return .function(FunctionExpression(pick(Self.functions), (0..<(1 + int(2))).map { _ in expression(depth: depth + 1) }))
        case 11: return .arithmetic(ArithmeticExpression(expression(depth: depth + 1),
                                                         pick([.add, .subtract, .multiply, .divide, .power]),
                                                         expression(depth: depth + 1)))
        case 12: return .negate(expression(depth: depth + 1))
        case 13:
            let subscripts: [IndexExpression.Subscript] = [.first, .last, .size, .expression(.constant(.integer(int(3)))),
                                                          .expression(.constant(.string(pick(Self.keys))))]
            return .index(IndexExpression(expression(depth: depth + 1), pick(subscripts)))
        case 14:
            return .setOperation(SetExpression(expression(depth: depth + 1), pick([.union, .intersect, .minus]),
                                               expression(depth: depth + 1)))
        default:
            let s = subquery(depth: depth + 1)
            return chance(0.7) ? .keyPath(KeyPathExpression(base: s, ["@count"])) : s
        }
    }

    mutating func subquery(depth: Int) -> FormatExpression {
        let collection = expression(depth: depth + 1)
        let name = pick(["x", "y", "v"])
        scope.append(name)
        let p = predicate(depth: depth + 1)
        scope.removeLast()
        return .subquery(SubqueryExpression(collection, variable: name, p))
    }

    // MARK: Predicates

    /// A right-hand side suited to the operator (mostly), sometimes anything.
    mutating func rightHand(for op: ComparisonPredicate.Operator, depth: Int) -> FormatExpression {
        if chance(0.25) { return expression(depth: depth + 1) }
        switch op {
        case .like: return .constant(.string(pick(Self.patterns)))
        case .matches: return .constant(.string(pick(Self.regexes)))
        case .between:
            let low = expression(depth: 3), high = expression(depth: 3)
            return chance(0.5) ? .aggregate([low, high]) : .constant(.array([scalar(), scalar()]))
        case .in:
            if chance(0.3) { return .constant(.array((0..<(6 + int(4))).map { _ in scalar() })) }
            return .aggregate((0..<int(4)).map { _ in expression(depth: 3) })
        default:
            return chance(0.3) ? keyPath() : .constant(scalar())
        }
    }

    mutating func comparison(depth: Int) -> FormatPredicate {
        let ops: [ComparisonPredicate.Operator] = [.lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo,
                                                   .equalTo, .notEqualTo, .matches, .like, .beginsWith, .endsWith,
                                                   .contains, .in, .between, .utiConformsTo, .utiEquals]
        let op = pick(ops)
        let modifier: ComparisonPredicate.Modifier = chance(0.6) ? .direct : pick([.any, .all, .none])
        var options: ComparisonPredicate.Options = []
        if chance(0.3) { options.insert(.caseInsensitive) }
        if chance(0.2) { options.insert(.diacriticInsensitive) }
        if chance(0.1) { options.insert(.normalized) }
        let left = chance(0.15) ? .constant(scalar()) : expression(depth: depth + 1)
        return .comparison(ComparisonPredicate(left, op, rightHand(for: op, depth: depth), modifier: modifier, options: options))
    }

    mutating func predicate(depth: Int = 0) -> FormatPredicate {
        if depth > 2 { return comparison(depth: depth) }
        switch int(10) {
        case 0: return .constant(chance(0.5))
        case 1, 2, 3:
            let kind: CompoundPredicate.Kind = pick([.and, .or, .not])
            let count = kind == .not && chance(0.8) ? 1 : int(4)
            return .compound(CompoundPredicate(kind, (0..<count).map { _ in predicate(depth: depth + 1) }))
        default: return comparison(depth: depth)
        }
    }
}
