extension Parser {
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
}
