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
        try descend()
        advance()
        defer { ascend() }
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

    /// `ANY`/`SOME`/`ALL`/`NONE` followed by a comparison.
    mutating func parseQuantifiedComparison() throws(PredicateSyntaxError) -> FormatPredicate {
        let modifier: ComparisonPredicate.Modifier
        switch kind {
        case .keyword(.all): modifier = .all
        case .keyword(.none): modifier = .none
        default: modifier = .any
        }
        advance()
        guard case .comparison(var comparison) = try parseComparison(after: parseExpression()) else {
            throw error(.unexpectedToken, "expected a comparison after a quantifier")
        }
        comparison.modifier = modifier
        return .comparison(comparison)
    }

    /// Parses a comparison operator, its options and right-hand side after `left`.
    mutating func parseComparison(after left: FormatExpression) throws(PredicateSyntaxError) -> FormatPredicate {
        guard let op = comparisonOperator(kind) else {
            var note = ""
            if index > 0, case .argument(.object, _) = tokens[index - 1].kind {
                note = " (%@ stands for a value, never for a whole predicate)"
            }
            throw unexpected(expected: "a comparison operator such as '==' or CONTAINS", note: note)
        }
        advance()
        let options = try parseOptions()
        let rightStart = current.start
        let right = try parseExpression()
        if op == .between, case .aggregate(let bounds) = right, bounds.count != 2 {
            throw error(.unexpectedToken,
                        "BETWEEN needs a two-element array {lower, upper}, found an array of \(bounds.count) elements",
                        at: rightStart)
        }
        return .comparison(ComparisonPredicate(left, op, right, options: options))
    }

    /// Parses `[c]`, `[d]`, `[n]` in any combination and order, case-insensitively.
    mutating func parseOptions() throws(PredicateSyntaxError) -> ComparisonPredicate.Options {
        guard kind == .punctuation(.openBracket) else { return [] }
        advance()
        let letters = current
        var options: ComparisonPredicate.Options = []
        switch kind {
        case .identifier, .keyword:
            for byte in text(of: letters).utf8 {
                switch byte | 0x20 {
                case UInt8(ascii: "c"): options.insert(.caseInsensitive)
                case UInt8(ascii: "d"): options.insert(.diacriticInsensitive)
                case UInt8(ascii: "n"): options.insert(.normalized)
                default:
                    throw error(.invalidOption,
                                "unknown comparison option '\(Character(Unicode.Scalar(byte)))' in '[\(text(of: letters))]'; the options are c, d and n")
                }
            }
            advance()
        default:
            throw unexpected(expected: "comparison options such as c, d or n")
        }
        try expect(.punctuation(.closeBracket), "']' after the comparison options")
        return options
    }

    /// The comparison operator a token stands for, if any.
    func comparisonOperator(_ kind: TokenKind) -> ComparisonPredicate.Operator? {
        switch kind {
        case .comparison(let op): return op
        case .keyword(.in): return .in
        case .keyword(.contains): return .contains
        case .keyword(.beginsWith): return .beginsWith
        case .keyword(.endsWith): return .endsWith
        case .keyword(.like): return .like
        case .keyword(.matches): return .matches
        case .keyword(.between): return .between
        case .keyword(.utiConformsTo): return .utiConformsTo
        case .keyword(.utiEquals): return .utiEquals
        default: return nil
        }
    }

    /// Whether the current token is a comparison operator.
    var comparisonOperatorAhead: Bool { comparisonOperator(kind) != nil }

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
