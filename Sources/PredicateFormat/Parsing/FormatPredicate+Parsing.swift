extension FormatPredicate {
    /// Parses a predicate format string, substituting `%@`, `%K`, `%d` and `%f` with `arguments`.
    ///
    /// ```swift
    /// let rule = try FormatPredicate(format: "ANY %K UTI-CONFORMS-TO %@", .string("types"), .string("public.image"))
    /// ```
    public init(format: String, _ arguments: PredicateValue...) throws(PredicateSyntaxError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a predicate format string, substituting its `%` specifiers with `argumentArray` in order.
    public init(format: String, argumentArray: [PredicateValue]) throws(PredicateSyntaxError) {
        var parser = try Parser(format: format, arguments: argumentArray)
        self = try parser.parseWholePredicate()
    }
}
