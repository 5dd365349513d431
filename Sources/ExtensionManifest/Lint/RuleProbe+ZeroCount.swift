import PredicateFormat

extension RuleProbe {
    /// The way a rule accepted a share: the counts on the way that held with nothing counted,
    /// and whether any type test on the way matched.
    struct AcceptancePath: Hashable {
        /// `SUBQUERY(…).@count` bounds (true for 0 and for some larger count) that held with a
        /// count of zero, outermost first.
        var zeroCounts: [ZeroCount] = []
        /// Whether a `UTI-CONFORMS-TO`, `UTI-EQUALS` or string comparison held on the way: an
        /// attachment matched something the rule names.
        var matchedType = false

        /// Whether the share got in only through counts of nothing: no type test matched.
        var isThroughZeroCountsOnly: Bool { !zeroCounts.isEmpty && !matchedType }
    }

    /// Follows the clauses through which the rule accepts `payload`.
    ///
    /// Only clauses that held are followed (an `AND` that held, the alternatives of an `OR`
    /// that held, the elements a `SUBQUERY` selected), so everything recorded is on the way
    /// in; a `NOT` is not entered, since what holds under it lets nothing in. An exact
    /// `@count == 0` is not a zero count: it asks for none on purpose.
    func acceptancePath(for payload: ActivationPayload) -> AcceptancePath {
        var path = AcceptancePath()
        follow(predicate, object: PredicateActivationRule.object(for: payload), variables: [:], into: &path)
        var seen: Set<ComparisonPredicate> = []
        path.zeroCounts = path.zeroCounts.filter { seen.insert($0.clause).inserted }
        return path
    }

    private func holds(_ p: FormatPredicate, object: PredicateValue, variables: [String: PredicateValue]) -> Bool {
        (try? p.evaluate(with: object, substitutionVariables: variables, options: options)) == true
    }

    private func follow(_ p: FormatPredicate, object: PredicateValue, variables: [String: PredicateValue],
                        into path: inout AcceptancePath) {
        guard holds(p, object: object, variables: variables) else { return }
        switch p {
        case .constant:
            break
        case .compound(let c):
            guard c.kind != .not else { return }
            for sub in c.subpredicates { follow(sub, object: object, variables: variables, into: &path) }
        case .comparison(let c):
            if Self.testsType(c) { path.matchedType = true }
            for (index, side) in [c.left, c.right].enumerated() {
                guard let counted = Self.countedSubquery(side),
                      let value = try? side.expressionValue(with: object, substitutionVariables: variables, options: options),
                      Self.isZero(value),
                      holdsForMore(c, countOnLeft: index == 0, object: object, variables: variables) else { continue }
                let types = PredicateActivationRule.typeIdentifiers(in: counted.predicate)
                if !types.isEmpty { path.zeroCounts.append(ZeroCount(clause: c, countedTypes: types)) }
            }
            for side in [c.left, c.right] {
                guard let s = PredicateExplainer.subquery(in: side),
                      case .array(let elements)? = try? s.collection.expressionValue(
                          with: object, substitutionVariables: variables, options: options) else { continue }
                for element in elements {
                    var inner = variables
                    inner[s.variable] = element
                    follow(s.predicate, object: object, variables: inner, into: &path)
                }
            }
        }
    }

    /// Whether the comparison would also hold if the count were 1, 2, 3, 5, 10 or 100: a bound
    /// such as `<= 2`, not an exact `== 0`.
    private func holdsForMore(_ c: ComparisonPredicate, countOnLeft: Bool, object: PredicateValue,
                              variables: [String: PredicateValue]) -> Bool {
        [1, 2, 3, 5, 10, 100].contains { n in
            var probe = c
            if countOnLeft { probe.left = .constant(.integer(n)) } else { probe.right = .constant(.integer(n)) }
            return holds(.comparison(probe), object: object, variables: variables)
        }
    }

    /// Whether a comparison tests types: `UTI-CONFORMS-TO`, `UTI-EQUALS`, or a string constant.
    static func testsType(_ c: ComparisonPredicate) -> Bool {
        if c.operator == .utiConformsTo || c.operator == .utiEquals { return true }
        return [c.left, c.right].contains { if case .constant(.string) = $0 { true } else { false } }
    }

    /// The `SUBQUERY` an expression counts, when it is `SUBQUERY(…).@count`.
    static func countedSubquery(_ e: FormatExpression) -> SubqueryExpression? {
        guard case .keyPath(let k) = e, case .subquery(let s)? = k.base,
              k.components.count == 1, k.components[0].lowercased() == "@count" else { return nil }
        return s
    }

    static func isZero(_ v: PredicateValue) -> Bool {
        switch v {
        case .integer(let i): i == 0
        case .double(let d): d == 0
        default: false
        }
    }
}
