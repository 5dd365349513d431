/// Subscript access: `array[2]`, `array[FIRST]`, `array[LAST]`, `array[SIZE]`, `dict["key"]`.
public struct IndexExpression: Sendable, Hashable {
    /// What goes between the brackets.
    public enum Subscript: Sendable, Hashable {
        case first, last, size
        /// Any other expression: an integer index into an array, or a key into a dictionary.
        case expression(FormatExpression)
    }

    /// The collection being subscripted.
    public var base: FormatExpression
    /// The subscript.
    public var index: Subscript

    /// Creates a subscript expression.
    public init(_ base: FormatExpression, _ index: Subscript) {
        self.base = base
        self.index = index
    }
}
