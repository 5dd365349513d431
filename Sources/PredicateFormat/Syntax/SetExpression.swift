/// A set operation: `a UNION b`, `a INTERSECT b`, `a MINUS b`.
public struct SetExpression: Sendable, Hashable {
    /// The set operator.
    public enum Operator: Sendable, Hashable {
        case union, intersect, minus
    }

    /// The operator.
    public var `operator`: Operator
    /// The left operand.
    public var left: FormatExpression
    /// The right operand.
    public var right: FormatExpression

    /// Creates a set operation.
    public init(_ left: FormatExpression, _ op: Operator, _ right: FormatExpression) {
        self.left = left
        self.operator = op
        self.right = right
    }
}
