import Foundation

extension Parser {
    /// A primary expression: a literal, key, variable, format argument, array, parenthesized
    /// expression, function call, `SUBQUERY` or `CAST(…, "NSDate")`.
    mutating func parsePrimary() throws(PredicateSyntaxError) -> FormatExpression {
        switch kind {
        case .number(let number):
            advance()
            switch number {
            case .integer(let value): return .constant(.integer(value))
            case .double(let value): return .constant(.double(value))
            case .intMinMagnitude: return .constant(.double(9_223_372_036_854_775_808))
            }
        case .string(let value):
            advance()
            return .constant(.string(value))
        case .keyword(.true), .keyword(.yes):
            advance()
            return .constant(.bool(true))
        case .keyword(.false), .keyword(.no):
            advance()
            return .constant(.bool(false))
        case .keyword(.null), .keyword(.nil):
            advance()
            return .constant(.null)
        case .keyword(.self):
            advance()
            return .evaluatedObject
        case .identifier(let name):
            if peek(1) == .punctuation(.openParen) { return try parseFunctionCall(name) }
            advance()
            return .keyPath(KeyPathExpression([name]))
        case .collectionOperator(let name):
            advance()
            return .keyPath(KeyPathExpression([name]))
        case .variable(let name):
            if peek(1) == .punctuation(.assign) {
                throw error(.unsupported, "assignment '$\(name) := …' is not supported", at: tokens[index + 1].start)
            }
            advance()
            return .variable(name)
        case .argument(let specifier, let argumentIndex):
            return try parseArgument(specifier, index: argumentIndex)
        case .punctuation(.openBrace):
            return .aggregate(try parseList(closing: .closeBrace, "'}'"))
        case .punctuation(.openParen):
            try openParenthesis()
            advance()
            defer { closeParenthesis() }
            let inner = try parseExpression()
            try expect(.punctuation(.closeParen), "')'")
            return inner
        case .keyword(.subquery):
            return try parseSubquery()
        case .keyword(.cast):
            return try parseCast()
        case .keyword(.fetch), .keyword(.anyKey):
            throw error(.unsupported, "\(text(of: current).uppercased()) is not supported")
        default:
            throw unexpected(expected: "an expression", suggestEscape: true)
        }
    }

    /// Parses `name(arguments)` for a built-in function.
    mutating func parseFunctionCall(_ name: String) throws(PredicateSyntaxError) -> FormatExpression {
        let lowercased = name.lowercased()
        guard BuiltinFunction.names.contains(lowercased) else {
            if BuiltinFunction.unsupportedNames.contains(lowercased) {
                throw error(.unsupported, "\(name.uppercased())(…) expressions are not supported")
            }
            throw error(.unknownFunction,
                        "unknown function '\(name)'; the built-in functions are \(BuiltinFunction.names.sorted().joined(separator: ", "))")
        }
        advance()
        return .function(FunctionExpression(lowercased, try parseList(closing: .closeParen, "')'")))
    }

    /// Parses `open (expression ("," expression)*)? close` with the current token at `open`.
    mutating func parseList(closing: Punctuation, _ closingText: String) throws(PredicateSyntaxError) -> [FormatExpression] {
        try descend()
        advance()
        defer { ascend() }
        var elements: [FormatExpression] = []
        if consume(.punctuation(closing)) { return elements }
        while true {
            elements.append(try parseExpression())
            if consume(.punctuation(closing)) { return elements }
            guard consume(.punctuation(.comma)) else { throw unexpected(expected: "',' or \(closingText)") }
        }
    }

    /// Parses `SUBQUERY(collection, $variable, predicate)`.
    mutating func parseSubquery() throws(PredicateSyntaxError) -> FormatExpression {
        try descend()
        defer { ascend() }
        advance()
        try expect(.punctuation(.openParen), "'(' after SUBQUERY")
        let collection = try parseExpression()
        try expect(.punctuation(.comma), "',' after SUBQUERY's collection")
        guard case .variable(let variable) = kind else {
            throw unexpected(expected: "a variable such as $item as SUBQUERY's second argument")
        }
        advance()
        try expect(.punctuation(.comma), "',' after SUBQUERY's variable")
        let predicate = try parseOr()
        try expect(.punctuation(.closeParen), "AND, OR or ')' to close SUBQUERY")
        return .subquery(SubqueryExpression(collection, variable: variable, predicate))
    }

    /// Parses `CAST(number, "NSDate")`, the form Apple prints dates in; other casts are unsupported.
    mutating func parseCast() throws(PredicateSyntaxError) -> FormatExpression {
        let castToken = current
        try descend()
        defer { ascend() }
        advance()
        try expect(.punctuation(.openParen), "'(' after CAST")
        let value = try parseExpression()
        try expect(.punctuation(.comma), "',' after CAST's value")
        let typeToken = current
        guard case .string(let type) = kind else { throw unexpected(expected: "a class name string such as \"NSDate\"") }
        advance()
        try expect(.punctuation(.closeParen), "')' to close CAST")
        guard type == "NSDate" else {
            throw error(.unsupported, "CAST to \"\(type)\" is not supported; only CAST(<number>, \"NSDate\") is",
                        at: typeToken.start)
        }
        switch value {
        case .constant(.integer(let seconds)):
            return .constant(.date(Date(timeIntervalSinceReferenceDate: Double(seconds))))
        case .constant(.double(let seconds)):
            return .constant(.date(Date(timeIntervalSinceReferenceDate: seconds)))
        default:
            throw error(.unsupported, "CAST(…, \"NSDate\") needs a number of seconds since 2001-01-01",
                        at: castToken.start)
        }
    }
}
