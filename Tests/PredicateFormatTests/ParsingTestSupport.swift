import PredicateFormat
import Testing

/// Short builders for the syntax trees the parsing and printing tests expect.
enum SyntaxTree {
    /// A key path on `SELF`: `key("a.b")` is `a.b`.
    static func key(_ path: String) -> FormatExpression {
        .keyPath(KeyPathExpression(path.split(separator: ".").map(String.init)))
    }

    /// A key path on a base expression.
    static func key(_ base: FormatExpression, _ path: String) -> FormatExpression {
        .keyPath(KeyPathExpression(base: base, path.split(separator: ".").map(String.init)))
    }

    /// `$name`.
    static func variable(_ name: String) -> FormatExpression { .variable(name) }

    /// A string constant.
    static func string(_ text: String) -> FormatExpression { .constant(.string(text)) }

    /// An integer constant.
    static func int(_ number: Int) -> FormatExpression { .constant(.integer(number)) }

    /// A double constant.
    static func double(_ number: Double) -> FormatExpression { .constant(.double(number)) }

    /// A comparison predicate.
    static func compare(
        _ left: FormatExpression, _ op: ComparisonPredicate.Operator, _ right: FormatExpression,
        _ modifier: ComparisonPredicate.Modifier = .direct, options: ComparisonPredicate.Options = []
    ) -> FormatPredicate {
        .comparison(ComparisonPredicate(left, op, right, modifier: modifier, options: options))
    }

    /// `AND` of the operands.
    static func and(_ operands: FormatPredicate...) -> FormatPredicate { .compound(CompoundPredicate(.and, operands)) }

    /// `OR` of the operands.
    static func or(_ operands: FormatPredicate...) -> FormatPredicate { .compound(CompoundPredicate(.or, operands)) }

    /// `NOT` of the operand.
    static func not(_ operand: FormatPredicate) -> FormatPredicate { .compound(CompoundPredicate(.not, [operand])) }

    /// A binary arithmetic expression.
    static func arithmetic(_ left: FormatExpression, _ op: ArithmeticExpression.Operator, _ right: FormatExpression) -> FormatExpression {
        .arithmetic(ArithmeticExpression(left, op, right))
    }

    /// `SUBQUERY(collection, $variable, predicate)`.
    static func subquery(_ collection: FormatExpression, _ variable: String, _ predicate: FormatPredicate) -> FormatExpression {
        .subquery(SubqueryExpression(collection, variable: variable, predicate))
    }

    /// `ANY $attachment.registeredTypeIdentifiers UTI-CONFORMS-TO "type"`.
    static func attachmentConforms(_ type: String, variable: String = "attachment") -> FormatPredicate {
        compare(key(.variable(variable), "registeredTypeIdentifiers"), .utiConformsTo, string(type), .any)
    }
}

/// A parsing case: a named source and the tree it must parse to.
struct PredicateCase: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: FormatPredicate
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ expected: FormatPredicate) {
        self.name = name
        self.source = source
        self.expected = expected
    }
}

/// An expression parsing case.
struct ExpressionCase: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: FormatExpression
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ expected: FormatExpression) {
        self.name = name
        self.source = source
        self.expected = expected
    }
}

