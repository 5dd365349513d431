/// A binary arithmetic expression: `+ - * / **`.
public struct ArithmeticExpression: Sendable, Hashable {
    /// The arithmetic operator.
    public enum Operator: Sendable, Hashable {
        case add, subtract, multiply, divide, power
    }

    /// The operator.
    public var `operator`: Operator
    /// The left operand.
    public var left: FormatExpression
    /// The right operand.
    public var right: FormatExpression

    /// Creates an arithmetic expression.
    public init(_ left: FormatExpression, _ op: Operator, _ right: FormatExpression) {
        self.left = left
        self.operator = op
        self.right = right
    }
}
