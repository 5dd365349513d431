extension Parser {
    /// The result of parsing the inside of a parenthesis at predicate level, which may hold a
    /// predicate, `(a > b)`, or an expression, `(a + b) > c`.
    enum Group {
        case predicate(FormatPredicate)
        case expression(FormatExpression)
    }

    /// Parses a whole predicate and requires the end of the format string after it.
    mutating func parseWholePredicate() throws(PredicateSyntaxError) -> FormatPredicate {
        let predicate = try parseOr()
        guard kind == .end else { throw unexpected(expected: "AND, OR or the end of the format string") }
        return predicate
    }

    /// `or := and (("OR" | "||") and)*`
    mutating func parseOr() throws(PredicateSyntaxError) -> FormatPredicate {
        try continueOr(parseAnd())
    }

    /// Continues an `OR` chain whose first operand (at `NOT` level) is parsed already.
    mutating func continueOr(_ first: FormatPredicate) throws(PredicateSyntaxError) -> FormatPredicate {
        guard isOr else { return first }
        var operands = [first]
        while isOr {
            advance()
            operands.append(try parseAnd())
        }
        return .compound(CompoundPredicate(.or, operands))
    }

    /// `and := not (("AND" | "&&") not)*`
    mutating func parseAnd() throws(PredicateSyntaxError) -> FormatPredicate {
        try continueAnd(parseNot())
    }

    /// Continues an `AND` chain whose first operand is parsed already.
    mutating func continueAnd(_ first: FormatPredicate) throws(PredicateSyntaxError) -> FormatPredicate {
        guard isAnd else { return first }
        var operands = [first]
        while isAnd {
            advance()
            operands.append(try parseNot())
        }
        return .compound(CompoundPredicate(.and, operands))
    }

    /// `not := ("NOT" | "!") not | primary`
    mutating func parseNot() throws(PredicateSyntaxError) -> FormatPredicate {
        guard isKeyword(.not) || kind == .punctuation(.not) else { return try parsePredicatePrimary() }
        try descend()
        advance()
        defer { ascend() }
        return .compound(CompoundPredicate(.not, [try parseNot()]))
    }

    /// A predicate primary: `TRUEPREDICATE`, `FALSEPREDICATE`, a parenthesized predicate or a comparison.
    mutating func parsePredicatePrimary() throws(PredicateSyntaxError) -> FormatPredicate {
        switch kind {
        case .keyword(.truePredicate):
            advance()
            return .constant(true)
        case .keyword(.falsePredicate):
            advance()
            return .constant(false)
        case .keyword(.any), .keyword(.some), .keyword(.all), .keyword(.none):
            return try parseQuantifiedComparison()
        case .punctuation(.openParen):
            switch try parseGroup() {
            case .predicate(let predicate):
                return predicate
            case .expression(let expression):
                return try parseComparison(after: parseExpression(continuing: expression))
            }
        default:
            return try parseComparison(after: parseExpression())
        }
    }

    /// Parses `( … )` at predicate level, deciding from its content whether it groups a
    /// predicate or an expression, without backtracking.
    mutating func parseGroup() throws(PredicateSyntaxError) -> Group {
        try openParenthesis()
        advance()
        defer { closeParenthesis() }
        if startsPredicateOnly { return try finishGroup(parseNot()) }
        let expression: FormatExpression
        if kind == .punctuation(.openParen) {
            switch try parseGroup() {
            case .predicate(let predicate): return try finishGroup(predicate)
            case .expression(let inner): expression = try parseExpression(continuing: inner)
            }
        } else {
            expression = try parseExpression()
        }
        if comparisonOperatorAhead { return try finishGroup(parseComparison(after: expression)) }
        guard consume(.punctuation(.closeParen)) else {
            throw unexpected(expected: "a comparison operator or ')'")
        }
        return .expression(expression)
    }

    /// Finishes a predicate group whose first operand is parsed: the rest of its `AND`/`OR`
    /// chains and the closing parenthesis.
    mutating func finishGroup(_ first: FormatPredicate) throws(PredicateSyntaxError) -> Group {
        let predicate = try continueOr(continueAnd(first))
        try expect(.punctuation(.closeParen), "AND, OR or ')'")
        return .predicate(predicate)
    }

    /// Whether the current token is `OR` or `||`.
    var isOr: Bool { isKeyword(.or) || kind == .punctuation(.or) }
    /// Whether the current token is `AND` or `&&`.
    var isAnd: Bool { isKeyword(.and) || kind == .punctuation(.and) }

    /// Whether the current token can only start a predicate, never an expression.
    var startsPredicateOnly: Bool {
        switch kind {
        case .keyword(.not), .punctuation(.not), .keyword(.truePredicate), .keyword(.falsePredicate),
             .keyword(.any), .keyword(.some), .keyword(.all), .keyword(.none):
            return true
        default:
            return false
        }
    }
}
