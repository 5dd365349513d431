extension FormatExpression {
    /// The canonical format string of this expression: parsing it again with
    /// ``init(format:_:)`` yields an equal expression.
    public var expressionFormat: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// How tightly this expression's printed form binds, loosest 1 (set operations) to
    /// tightest 6 (postfix and primaries).
    var printLevel: Int {
        switch self {
        case .setOperation: return 1
        case .arithmetic(let arithmetic): return arithmetic.operator.printLevel
        case .negate: return 5
        case .constant(.integer(let value)): return value < 0 ? 5 : 6
        case .constant(.double(let value)): return value.sign == .minus ? 5 : 6
        default: return 6
        }
    }

    /// Whether this is a binary operation (arithmetic or set).
    var isBinary: Bool {
        switch self {
        case .setOperation, .arithmetic: return true
        default: return false
        }
    }

    /// Appends the canonical form to `output`.
    func write(to output: inout String) {
        switch self {
        case .constant(let value):
            value.writeFormatLiteral(to: &output)
        case .evaluatedObject:
            output += "SELF"
        case .variable(let name):
            output += "$"
            output += name
        case .keyPath(let path):
            path.write(to: &output)
        case .index(let index):
            index.base.writeParenthesized(unless: index.base.printLevel == 6, to: &output)
            output += "["
            switch index.index {
            case .first: output += "FIRST"
            case .last: output += "LAST"
            case .size: output += "SIZE"
            case .expression(let subscriptExpression): subscriptExpression.write(to: &output)
            }
            output += "]"
        case .aggregate(let elements):
            output += "{"
            FormatExpression.writeList(elements, to: &output)
            output += "}"
        case .function(let function):
            output += function.name
            output += "("
            FormatExpression.writeList(function.arguments, to: &output)
            output += ")"
        case .arithmetic(let arithmetic):
            writeBinary(arithmetic.left, arithmetic.operator.spelling, arithmetic.right,
                        level: arithmetic.operator.printLevel, to: &output)
        case .setOperation(let set):
            writeBinary(set.left, set.operator.spelling, set.right, level: 1, to: &output)
        case .negate(let operand):
            output += "-"
            operand.writeParenthesized(unless: operand.printLevel >= 5, to: &output)  // `--x`: nested negation needs no parentheses (and parentheses would double the nesting depth)
        case .subquery(let subquery):
            output += "SUBQUERY("
            subquery.collection.write(to: &output)
            output += ", $"
            output += subquery.variable
            output += ", "
            subquery.predicate.write(to: &output)
            output += ")"
        }
    }

    /// Appends `left op right`. A binary operand is parenthesized, except a left operand of the
    /// same (left-associative) level; `**` also parenthesizes a signed left operand.
    private func writeBinary(_ left: FormatExpression, _ spelling: String, _ right: FormatExpression,
                             level: Int, to output: inout String) {
        let leftIsBare = level == 4
            ? left.printLevel == 6
            : !left.isBinary || left.printLevel == level
        left.writeParenthesized(unless: leftIsBare, to: &output)
        output += " "
        output += spelling
        output += " "
        // `**` groups right to left, so a `**` on its right needs no parentheses (which would double the nesting depth).
        right.writeParenthesized(unless: !right.isBinary || (level == 4 && right.printLevel == 4), to: &output)
    }

    /// Appends this expression, in parentheses unless `bare`.
    func writeParenthesized(unless bare: Bool, to output: inout String) {
        if bare {
            write(to: &output)
        } else {
            output += "("
            write(to: &output)
            output += ")"
        }
    }

    /// Appends expressions separated by `, `.
    static func writeList(_ list: [FormatExpression], to output: inout String) {
        for (position, element) in list.enumerated() {
            if position > 0 { output += ", " }
            element.write(to: &output)
        }
    }
}

extension KeyPathExpression {
    /// Appends `base.a.b` (no base for `SELF`), writing reserved words as `#word`.
    func write(to output: inout String) {
        if let base {
            base.writeParenthesized(unless: base.printLevel == 6, to: &output)
            output += "."
        }
        for (position, component) in components.enumerated() {
            if position > 0 { output += "." }
            if !component.hasPrefix("@"), Keyword.isReserved(component) { output += "#" }
            output += component
        }
    }
}

extension ArithmeticExpression.Operator {
    /// The operator as written.
    var spelling: String {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .power: "**"
        }
    }

    /// The printing level (see ``FormatExpression/printLevel``).
    var printLevel: Int {
        switch self {
        case .add, .subtract: 2
        case .multiply, .divide: 3
        case .power: 4
        }
    }
}

extension SetExpression.Operator {
    /// The operator as written.
    var spelling: String {
        switch self {
        case .union: "UNION"
        case .intersect: "INTERSECT"
        case .minus: "MINUS"
        }
    }
}
