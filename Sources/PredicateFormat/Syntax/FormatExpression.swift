/// An expression inside a predicate (the counterpart of `NSExpression`).
public indirect enum FormatExpression: Sendable, Hashable {
    /// A literal: string, number, boolean, `NULL`, or a value substituted from `%@`.
    case constant(PredicateValue)
    /// `SELF`: the object being evaluated.
    case evaluatedObject
    /// `$name`: a variable, bound by substitution or by `SUBQUERY`.
    case variable(String)
    /// A key path such as `a.b.@count`, applied to `base` (`nil` means `SELF`).
    case keyPath(KeyPathExpression)
    /// `base[index]`, `base[FIRST]`, `base[LAST]`, `base[SIZE]`, `dict["key"]`.
    case index(IndexExpression)
    /// An array literal `{a, b, c}`.
    case aggregate([FormatExpression])
    /// A built-in function call such as `sum({1, 2})` or `now()`.
    case function(FunctionExpression)
    /// `a + b`, `a - b`, `a * b`, `a / b`, `a ** b`.
    case arithmetic(ArithmeticExpression)
    /// Unary minus: `-a`.
    case negate(FormatExpression)
    /// `SUBQUERY(collection, $variable, predicate)`.
    case subquery(SubqueryExpression)
    /// `a UNION b`, `a INTERSECT b`, `a MINUS b`.
    case setOperation(SetExpression)
}
