extension Parser {
    /// Parses an expression. With `seed`, the expression's first primary is parsed already (it
    /// was a parenthesized expression at predicate level) and parsing continues after it.
    mutating func parseExpression(continuing seed: FormatExpression? = nil) throws(PredicateSyntaxError) -> FormatExpression {
        try parseSetOperation(seed)
    }

    /// `set := additive (("UNION" | "INTERSECT" | "MINUS") additive)*`
    mutating func parseSetOperation(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        var left = try parseAdditive(seed)
        var levels = 0
        defer { ascend(levels) }
        while true {
            let op: SetExpression.Operator
            switch kind {
            case .keyword(.union): op = .union
            case .keyword(.intersect): op = .intersect
            case .keyword(.minus): op = .minus
            default: return left
            }
            try descend()
            advance()
            levels += 1
            left = .setOperation(SetExpression(left, op, try parseAdditive(nil)))
        }
    }

    /// `additive := multiplicative (("+" | "-") multiplicative)*`
    mutating func parseAdditive(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        var left = try parseMultiplicative(seed)
        var levels = 0
        defer { ascend(levels) }
        while true {
            let op: ArithmeticExpression.Operator
            switch kind {
            case .punctuation(.plus): op = .add
            case .punctuation(.minus): op = .subtract
            default: return left
            }
            try descend()
            advance()
            levels += 1
            left = .arithmetic(ArithmeticExpression(left, op, try parseMultiplicative(nil)))
        }
    }

    /// `multiplicative := power (("*" | "/") power)*`
    mutating func parseMultiplicative(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        var left = try parsePower(seed)
        var levels = 0
        defer { ascend(levels) }
        while true {
            let op: ArithmeticExpression.Operator
            switch kind {
            case .punctuation(.star): op = .multiply
            case .punctuation(.slash): op = .divide
            default: return left
            }
            try descend()
            advance()
            levels += 1
            left = .arithmetic(ArithmeticExpression(left, op, try parsePower(nil)))
        }
    }

    /// `power := unary ("**" power)?`, right-associative.
    mutating func parsePower(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        let base = try parseUnary(seed)
        guard kind == .punctuation(.power) else { return base }
        try descend()
        advance()
        defer { ascend() }
        return .arithmetic(ArithmeticExpression(base, .power, try parsePower(nil)))
    }

    /// `unary := "-" unary | postfix`. Minus applied to a number literal folds into it.
    mutating func parseUnary(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        guard seed == nil, kind == .punctuation(.minus) else { return try parsePostfix(seed) }
        advance()
        if kind == .number(.intMinMagnitude), peek(1) != .punctuation(.dot), peek(1) != .punctuation(.openBracket) {
            advance()
            return .constant(.integer(.min))
        }
        try descend()
        defer { ascend() }
        return Parser.negated(try parseUnary(nil))
    }

    /// `-operand`, folded into number constants.
    static func negated(_ operand: FormatExpression) -> FormatExpression {
        switch operand {
        case .constant(.integer(let value)) where value != .min: return .constant(.integer(-value))
        case .constant(.double(let value)): return .constant(.double(-value))
        default: return .negate(operand)
        }
    }

    /// `postfix := primary ("." key | "[" subscript "]")*`; keys after a key path extend it.
    mutating func parsePostfix(_ seed: FormatExpression?) throws(PredicateSyntaxError) -> FormatExpression {
        var base: FormatExpression
        if let seed { base = seed } else { base = try parsePrimary() }
        var levels = 0
        defer { ascend(levels) }
        while true {
            switch kind {
            case .punctuation(.dot):
                advance()
                let key = try parseKeyAfterDot()
                if case .keyPath(var path) = base {
                    path.components.append(key)
                    base = .keyPath(path)
                } else {
                    try descend()
                    levels += 1
                    base = .keyPath(KeyPathExpression(base: base, [key]))
                }
            case .punctuation(.openBracket):
                try descend()
                advance()
                levels += 1
                base = .index(IndexExpression(base, try parseSubscript()))
            default:
                return base
            }
        }
    }

    /// A key after `.`: a name, a `#`-escaped name, a reserved word used as a name, or `@operator`.
    mutating func parseKeyAfterDot() throws(PredicateSyntaxError) -> String {
        switch kind {
        case .identifier(let name), .collectionOperator(let name):
            advance()
            return name
        case .keyword(let keyword) where keyword != .utiConformsTo && keyword != .utiEquals:
            let name = text(of: current)
            advance()
            return name
        default:
            throw unexpected(expected: "a key name or a collection operator such as @count")
        }
    }

    /// The inside of `[ ]`: `FIRST`, `LAST`, `SIZE` or an expression, then `]`.
    mutating func parseSubscript() throws(PredicateSyntaxError) -> IndexExpression.Subscript {
        let index: IndexExpression.Subscript
        switch kind {
        case .keyword(.first) where peek(1) == .punctuation(.closeBracket):
            index = .first
            advance()
        case .keyword(.last) where peek(1) == .punctuation(.closeBracket):
            index = .last
            advance()
        case .keyword(.size) where peek(1) == .punctuation(.closeBracket):
            index = .size
            advance()
        default:
            index = .expression(try parseExpression())
        }
        try expect(.punctuation(.closeBracket), "']'")
        return index
    }
}
