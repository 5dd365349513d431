import PredicateFormat

extension PredicateActivationRule {
    /// The type identifiers the rule names: every literal string compared with
    /// `UTI-CONFORMS-TO` or `UTI-EQUALS`, at any depth, in the order written, each once
    /// (ignoring case, as type identifiers do).
    ///
    /// For `SUBQUERY(…, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.url" ||
    /// ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.plain-text")…` this is
    /// `["public.url", "public.plain-text"]`. Empty when the rule does not parse.
    public var namedTypeIdentifiers: [String] {
        predicate.map(Self.typeIdentifiers(in:)) ?? []
    }

    /// The type identifiers a predicate names, in order, each once.
    static func typeIdentifiers(in predicate: FormatPredicate) -> [String] {
        var walker = NamedTypeWalker()
        walker.visit(predicate)
        return walker.found
    }
}

/// Collects the literal type identifiers of `UTI-CONFORMS-TO` and `UTI-EQUALS` comparisons.
private struct NamedTypeWalker {
    var found: [String] = []
    private var seen: Set<String> = []

    mutating func visit(_ p: FormatPredicate) {
        switch p {
        case .constant:
            break
        case .compound(let c):
            for sub in c.subpredicates { visit(sub) }
        case .comparison(let c):
            if c.operator == .utiConformsTo || c.operator == .utiEquals {
                for side in [c.left, c.right] { literals(side) }
            }
            visit(c.left)
            visit(c.right)
        }
    }

    /// Looks for predicates inside an expression (a `SUBQUERY`'s, at any depth).
    mutating func visit(_ e: FormatExpression) {
        switch e {
        case .subquery(let s):
            visit(s.collection)
            visit(s.predicate)
        case .keyPath(let k):
            if let base = k.base { visit(base) }
        case .index(let i):
            visit(i.base)
            if case .expression(let x) = i.index { visit(x) }
        case .aggregate(let items):
            for item in items { visit(item) }
        case .function(let f):
            for argument in f.arguments { visit(argument) }
        case .arithmetic(let a):
            visit(a.left)
            visit(a.right)
        case .setOperation(let s):
            visit(s.left)
            visit(s.right)
        case .negate(let x):
            visit(x)
        case .constant, .evaluatedObject, .variable:
            break
        }
    }

    /// Records a side that is a literal identifier, or an aggregate or array of them.
    mutating func literals(_ e: FormatExpression) {
        switch e {
        case .constant(.string(let id)):
            record(id)
        case .constant(.array(let values)):
            for case .string(let id) in values { record(id) }
        case .aggregate(let items):
            for item in items { literals(item) }
        default:
            break
        }
    }

    mutating func record(_ id: String) {
        if seen.insert(id.lowercased()).inserted { found.append(id) }
    }
}
