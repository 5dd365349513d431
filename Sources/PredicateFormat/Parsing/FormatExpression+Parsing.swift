extension FormatExpression {
    /// Parses a lone expression such as `items.@sum.price * 2`, substituting `%` specifiers
    /// with `arguments`.
    public init(format: String, _ arguments: PredicateValue...) throws(PredicateSyntaxError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a lone expression, substituting its `%` specifiers with `argumentArray` in order.
    public init(format: String, argumentArray: [PredicateValue]) throws(PredicateSyntaxError) {
        var parser = try Parser(format: format, arguments: argumentArray)
        let expression = try parser.parseExpression()
        guard parser.kind == .end else {
            throw parser.unexpected(expected: "an operator or the end of the format string")
        }
        self = expression
    }
}
