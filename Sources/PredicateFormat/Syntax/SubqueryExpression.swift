/// `SUBQUERY(collection, $variable, predicate)`: the elements of `collection` for which
/// `predicate` holds, with each element bound to `$variable` in turn.
public struct SubqueryExpression: Sendable, Hashable {
    /// The collection iterated over.
    public var collection: FormatExpression
    /// The iteration variable's name, without the `$`.
    public var variable: String
    /// The predicate each element is tested with.
    public var predicate: FormatPredicate

    /// Creates a subquery.
    public init(_ collection: FormatExpression, variable: String, _ predicate: FormatPredicate) {
        self.collection = collection
        self.variable = variable
        self.predicate = predicate
    }
}
