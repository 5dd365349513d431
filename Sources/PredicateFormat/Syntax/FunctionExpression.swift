/// A call of one of the built-in functions: `sum`, `count`, `min`, `max`, `average`, `median`,
/// `mode`, `stddev`, `sqrt`, `log`, `ln`, `exp`, `floor`, `ceiling`, `abs`, `trunc`, `now`
/// (and `random`, `randomn` where the evaluator supports them).
public struct FunctionExpression: Sendable, Hashable {
    /// The function's name as Apple spells it, lowercased (`average`, `ceiling`).
    public var name: String
    /// The arguments.
    public var arguments: [FormatExpression]

    /// Creates a function call.
    public init(_ name: String, _ arguments: [FormatExpression]) {
        self.name = name
        self.arguments = arguments
    }
}
