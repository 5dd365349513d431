import PredicateFormat

/// Builders for syntax trees in evaluation tests (independent of the parser).
enum EV {
    /// A key path from SELF: `"a.b.@count"`.
    static func kp(_ path: String) -> FormatExpression {
        .keyPath(KeyPathExpression(path.split(separator: ".").map(String.init)))
    }

    /// A key path from a variable: `v("x", "a.b")` is `$x.a.b`.
    static func v(_ name: String, _ path: String? = nil) -> FormatExpression {
        guard let path else { return .variable(name) }
        return .keyPath(KeyPathExpression(base: .variable(name), path.split(separator: ".").map(String.init)))
    }

    /// A constant.
    static func c(_ value: PredicateValue) -> FormatExpression { .constant(value) }

    /// A comparison predicate.
    static func cmp(_ l: FormatExpression, _ op: ComparisonPredicate.Operator, _ r: FormatExpression,
                    _ modifier: ComparisonPredicate.Modifier = .direct,
                    _ options: ComparisonPredicate.Options = []) -> FormatPredicate {
        .comparison(ComparisonPredicate(l, op, r, modifier: modifier, options: options))
    }

    static func and(_ ps: FormatPredicate...) -> FormatPredicate { .compound(CompoundPredicate(.and, ps)) }
    static func or(_ ps: FormatPredicate...) -> FormatPredicate { .compound(CompoundPredicate(.or, ps)) }
    static func not(_ p: FormatPredicate) -> FormatPredicate { .compound(CompoundPredicate(.not, [p])) }

    /// `SUBQUERY(collection, $variable, predicate)`.
    static func sub(_ collection: FormatExpression, _ variable: String, _ p: FormatPredicate) -> FormatExpression {
        .subquery(SubqueryExpression(collection, variable: variable, p))
    }

    /// `expr.@count`.
    static func count(_ e: FormatExpression) -> FormatExpression {
        .keyPath(KeyPathExpression(base: e, ["@count"]))
    }

    /// The activation-rule object for items of attachments of type identifiers.
    static func share(_ items: [[[String]]]) -> PredicateValue {
        .dictionary(["extensionItems": .array(items.map { attachments in
            .dictionary(["attachments": .array(attachments.map { ids in
                .dictionary(["registeredTypeIdentifiers": .array(ids.map { .string($0) })])
            })])
        })])
    }

    /// A person-like object used by many cases.
    static let person: PredicateValue = [
        "name": "Benson", "age": 42, "height": 1.82, "nickname": nil, "flag": true,
        "tags": ["swift", "linux", "x"], "scores": [10, 27, 3],
        "address": ["city": "Berlin", "zip": "10115"],
        "items": [["price": 4, "name": "a"], ["price": 7.5, "name": "b"], ["name": "c"]],
        "empty": [],
        "accent": "Crème Brûlée",
    ]
}

/// A named predicate case: evaluating `predicate` against `object` gives `expected`.
struct EvalCase: CustomTestStringConvertible, Sendable {
    let name: String
    let predicate: FormatPredicate
    let object: PredicateValue
    let expected: Bool

    init(_ name: String, _ predicate: FormatPredicate, _ expected: Bool, on object: PredicateValue = EV.person) {
        self.name = name
        self.predicate = predicate
        self.object = object
        self.expected = expected
    }

    var testDescription: String { name }
}

import Testing
