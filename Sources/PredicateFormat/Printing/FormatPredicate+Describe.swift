extension FormatPredicate {
    /// The canonical format string: parsing it again yields an equal predicate.
    ///
    /// Keywords are uppercase, strings double-quoted, and parentheses appear wherever
    /// precedence decided the grouping, for example
    /// `SUBQUERY(items, $item, ANY $item.types UTI-CONFORMS-TO "public.image").@count >= 1`.
    public var predicateFormat: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the canonical form to `output`.
    func write(to output: inout String) {
        switch self {
        case .constant(let value):
            output += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            comparison.write(to: &output)
        case .compound(let compound):
            compound.write(to: &output)
        }
    }

    /// Whether this is an `AND` or `OR` of two or more subpredicates, which needs parentheses
    /// inside another compound.
    var isBinaryCompound: Bool {
        if case .compound(let compound) = self, compound.kind != .not, compound.subpredicates.count >= 2 { return true }
        return false
    }

    /// Whether this prints without parentheses after `NOT`: a constant or another `NOT`.
    var isBareNotOperand: Bool {
        switch self {
        case .constant: return true
        case .compound(let compound): return compound.kind == .not && compound.subpredicates.count == 1
        case .comparison: return false
        }
    }
}

extension CompoundPredicate {
    /// Appends the canonical form: operands joined by `AND`/`OR`, nested `AND`s and `OR`s in
    /// parentheses, the operand of `NOT` in parentheses unless it is a constant or a `NOT`.
    /// An `AND` of nothing prints as `TRUEPREDICATE`, an `OR` of nothing as `FALSEPREDICATE`.
    func write(to output: inout String) {
        switch kind {
        case .and, .or:
            guard let first = subpredicates.first else {
                output += kind == .and ? "TRUEPREDICATE" : "FALSEPREDICATE"
                return
            }
            guard subpredicates.count > 1 else { return first.write(to: &output) }
            for (position, operand) in subpredicates.enumerated() {
                if position > 0 { output += kind == .and ? " AND " : " OR " }
                CompoundPredicate.writeOperand(operand, to: &output)
            }
        case .not:
            output += "NOT "
            let operand = subpredicates.count == 1 ? subpredicates[0] : .compound(CompoundPredicate(.and, subpredicates))
            if operand.isBareNotOperand {
                operand.write(to: &output)
            } else {
                output += "("
                operand.write(to: &output)
                output += ")"
            }
        }
    }

    /// Appends an operand of `AND`/`OR`, in parentheses when it is itself an `AND` or `OR`.
    private static func writeOperand(_ operand: FormatPredicate, to output: inout String) {
        if operand.isBinaryCompound {
            output += "("
            operand.write(to: &output)
            output += ")"
        } else {
            operand.write(to: &output)
        }
    }
}

extension ComparisonPredicate {
    /// Appends the canonical form: `[ANY |ALL |NONE ]left OPERATOR[options] right`.
    func write(to output: inout String) {
        switch modifier {
        case .direct: break
        case .any: output += "ANY "
        case .all: output += "ALL "
        case .none: output += "NONE "
        }
        left.write(to: &output)
        output += " "
        output += operatorSpelling
        if !options.isEmpty {
            output += "["
            if options.contains(.caseInsensitive) { output += "c" }
            if options.contains(.diacriticInsensitive) { output += "d" }
            if options.contains(.normalized) { output += "n" }
            output += "]"
        }
        output += " "
        right.write(to: &output)
    }

    /// The canonical spelling of the operator.
    var operatorSpelling: String { self.operator.spelling }
}

extension ComparisonPredicate.Operator {
    /// The operator as a format string spells it canonically (`==`, `UTI-CONFORMS-TO`).
    public var spelling: String {
        switch self {
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqualTo: ">="
        case .equalTo: "=="
        case .notEqualTo: "!="
        case .matches: "MATCHES"
        case .like: "LIKE"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .contains: "CONTAINS"
        case .in: "IN"
        case .between: "BETWEEN"
        case .utiConformsTo: "UTI-CONFORMS-TO"
        case .utiEquals: "UTI-EQUALS"
        }
    }
}
