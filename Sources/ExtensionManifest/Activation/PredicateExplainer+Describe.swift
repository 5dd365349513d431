import PredicateFormat

extension PredicateExplainer {
    /// A predicate printed with each `SUBQUERY`'s inner predicate shortened to `…`.
    static func abbreviated(_ p: FormatPredicate) -> String {
        switch p {
        case .constant(let b): return b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .compound: return p.predicateFormat
        case .comparison(let c):
            let modifier = switch c.modifier { case .direct: ""; case .any: "ANY "; case .all: "ALL "; case .none: "NONE " }
            var options = ""
            if !c.options.isEmpty {
                options = "["
                if c.options.contains(.caseInsensitive) { options += "c" }
                if c.options.contains(.diacriticInsensitive) { options += "d" }
                if c.options.contains(.normalized) { options += "n" }
                options += "]"
            }
            return "\(modifier)\(abbreviated(c.left)) \(c.operator.spelling)\(options) \(abbreviated(c.right))"
        }
    }

    /// An expression printed with each `SUBQUERY`'s inner predicate shortened to `…`.
    static func abbreviated(_ e: FormatExpression) -> String {
        switch e {
        case .subquery(let s):
            return "SUBQUERY(\(abbreviated(s.collection)), $\(s.variable), …)"
        case .keyPath(let k):
            guard let base = k.base else { return e.expressionFormat }
            return abbreviated(base) + "." + k.components.joined(separator: ".")
        default:
            return e.expressionFormat
        }
    }

    /// The `SUBQUERY` an expression counts or is, if any.
    static func subquery(in e: FormatExpression) -> SubqueryExpression? {
        switch e {
        case .subquery(let s): return s
        case .keyPath(let k): return k.base.flatMap(subquery(in:))
        default: return nil
        }
    }

    /// A value in an explanation: `0`, `"public.url"`, `[public.jpeg, public.heic]`.
    static func describe(_ v: PredicateValue) -> String {
        switch v {
        case .null: return "null (missing)"
        case .bool(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): return "\"\(s)\""
        case .date(let d): return "\(d)"
        case .data(let d): return "\(d.count) bytes"
        case .array(let a):
            if a.allSatisfy({ if case .string = $0 { true } else { false } }) {
                let shown = a.prefix(6).map { if case .string(let s) = $0 { s } else { "" } }
                return "[" + shown.joined(separator: ", ") + (a.count > 6 ? ", … \(a.count - 6) more" : "") + "]"
            }
            return "\(a.count) element" + (a.count == 1 ? "" : "s")
        case .dictionary(let d): return "a dictionary of \(d.count) key" + (d.count == 1 ? "" : "s")
        }
    }

    /// A short description of a subquery element: an attachment's types, an item's attachment count.
    static func elementSummary(_ v: PredicateValue) -> String {
        guard case .dictionary(let d) = v else { return " = " + describe(v) }
        if let types = d["registeredTypeIdentifiers"] { return " " + describe(types) }
        if case .array(let a)? = d["attachments"] { return " (\(a.count) attachment\(a.count == 1 ? "" : "s"))" }
        return ""
    }

    /// The text of the deepest failing clause that decided a false outcome.
    static func decisiveText(_ node: ExplanationNode) -> String? {
        guard node.result == false else { return nil }
        // An AND fails at its first false clause; an OR or a comparison fails as a whole.
        if node.text.hasPrefix("all of"), let first = node.children.first(where: { $0.result == false }) {
            return decisiveText(first) ?? first.text
        }
        if node.text.hasPrefix("any of") {
            return "none of the \(node.children.count) alternatives holds; first: " + (node.children.first.map { decisiveText($0) ?? $0.text } ?? "")
        }
        return node.text
    }
}
