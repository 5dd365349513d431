extension Parser {
    /// Replaces the `%` specifier at the current token with its argument.
    ///
    /// `%@` becomes a constant (an array becomes an array literal of constants), `%K` a key
    /// path split on dots, `%d` an integer and `%f` a double.
    mutating func parseArgument(_ specifier: FormatSpecifier, index argumentIndex: Int) throws(PredicateSyntaxError) -> FormatExpression {
        let token = current
        let spelling = text(of: token)
        guard argumentIndex < arguments.count else {
            throw error(.missingArgument,
                        "no argument for '\(spelling)': it is specifier number \(argumentIndex + 1) but only \(arguments.count) argument\(arguments.count == 1 ? " was" : "s were") given")
        }
        let value = arguments[argumentIndex]
        advance()
        switch specifier {
        case .object:
            return try objectExpression(value, spelling: spelling, at: token.start, nesting: depth)
        case .keyPath:
            guard case .string(let path) = value else {
                throw error(.invalidArgument, "'%K' needs a key path string, got \(describeArgument(value))", at: token.start)
            }
            return .keyPath(KeyPathExpression(try keyPathComponents(path, at: token.start)))
        case .integer:
            guard case .integer = value else {
                throw error(.invalidArgument, "'\(spelling)' needs an integer, got \(describeArgument(value))", at: token.start)
            }
            return .constant(value)
        case .double:
            switch value {
            case .double(let number) where number.isFinite: return .constant(value)
            case .integer(let number): return .constant(.double(Double(number)))
            default:
                throw error(.invalidArgument, "'\(spelling)' needs a finite number, got \(describeArgument(value))", at: token.start)
            }
        }
    }

    /// The expression a `%@` argument stands for.
    func objectExpression(_ value: PredicateValue, spelling: String, at offset: Int, nesting: Int) throws(PredicateSyntaxError) -> FormatExpression {
        switch value {
        case .null, .bool, .integer, .string:
            return .constant(value)
        case .double(let number):
            guard number.isFinite else {
                throw error(.invalidArgument, "'\(spelling)' got \(describeArgument(value)), which a format string cannot hold", at: offset)
            }
            return .constant(value)
        case .date(let date):
            guard date.timeIntervalSinceReferenceDate.isFinite else {
                throw error(.invalidArgument, "'\(spelling)' got a date that is not finite", at: offset)
            }
            return .constant(value)
        case .array(let elements):
            guard nesting < Parser.maximumDepth else {
                throw error(.tooDeep, "the array given for '\(spelling)' nests deeper than \(Parser.maximumDepth) levels", at: offset)
            }
            var expressions: [FormatExpression] = []
            expressions.reserveCapacity(elements.count)
            for element in elements {
                expressions.append(try objectExpression(element, spelling: spelling, at: offset, nesting: nesting + 1))
            }
            return .aggregate(expressions)
        case .data, .dictionary:
            throw error(.unsupported,
                        "'\(spelling)' got \(describeArgument(value)); data and dictionaries have no format-string form", at: offset)
        }
    }

    /// Splits a `%K` key path on dots; each part must be a key name or `@name`.
    func keyPathComponents(_ path: String, at offset: Int) throws(PredicateSyntaxError) -> [String] {
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for component in components {
            let name = component.hasPrefix("@") ? component.utf8.dropFirst() : component.utf8[...]
            guard Lexer.isIdentifier(name) else {
                throw error(.invalidArgument,
                            "'%K' got the key path \"\(path)\", whose part \"\(component)\" is not a key name", at: offset)
            }
        }
        return components
    }
}

/// Names a format argument for a message, with its type.
private func describeArgument(_ value: PredicateValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return "the boolean \(flag)"
    case .integer(let number): return "the integer \(number)"
    case .double(let number): return "the double \(number)"
    case .string(let text): return "the string \"\(text.count > 40 ? String(text.prefix(37)) + "..." : text)\""
    case .date(let date): return "the date \(date)"
    case .data(let data): return "\(data.count) bytes of data"
    case .array(let elements): return "an array of \(elements.count) elements"
    case .dictionary(let entries): return "a dictionary of \(entries.count) entries"
    }
}
