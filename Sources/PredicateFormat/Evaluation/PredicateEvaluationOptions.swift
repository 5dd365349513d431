/// Settings for evaluating a predicate.
public struct PredicateEvaluationOptions: Sendable {
    /// The registry `UTI-CONFORMS-TO` consults. Pass one with bundle-declared types
    /// registered to evaluate activation rules that name them.
    public var typeRegistry: TypeRegistry
    /// How deeply predicates and expressions may nest during evaluation; deeper input fails
    /// with `.tooDeep` instead of exhausting the stack.
    public var maximumDepth: Int

    /// Creates options; the defaults use the shared registry and a depth of 512.
    public init(typeRegistry: TypeRegistry = .shared, maximumDepth: Int = defaultMaximumDepth) {
        self.typeRegistry = typeRegistry
        self.maximumDepth = maximumDepth
    }

    /// The default ``maximumDepth``: 512, twice the parser's nesting limit.
    public static let defaultMaximumDepth = 512

    /// The shared registry and default limits.
    public static let `default` = PredicateEvaluationOptions()
}
