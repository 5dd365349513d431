import PredicateFormat
import TypeIdentifiers

/// Static checks of an activation predicate: key paths outside the object, to-many
/// comparisons without `ANY`, type identifiers nobody declares, and counts that can never
/// hold.
struct PredicateLint {
    let registry: TypeRegistry
    var findings: [(code: LintCode, message: String)] = []
    private var reportedPaths: Set<String> = []

    init(registry: TypeRegistry) { self.registry = registry }

    mutating func check(_ p: FormatPredicate, variables: [String: PredicateShape] = [:]) {
        switch p {
        case .constant: break
        case .compound(let c):
            for sub in c.subpredicates { check(sub, variables: variables) }
            if c.kind == .and { checkContradictions(c.subpredicates, variables: variables) }
        case .comparison(let c):
            let left = shape(c.left, variables: variables)
            _ = shape(c.right, variables: variables)  // checks the right side's key paths too
            let text = PredicateExplainer.abbreviated(p)
            if c.modifier == .direct, left.isToMany, c.operator != .contains, c.operator != .in {
                findings.append((.activationToManyWithoutAny,
                                 "'\(text)' compares a to-many value (\(PredicateExplainer.abbreviated(c.left))) without ANY, ALL or NONE; it compares the whole array as one value and is almost always false (docs/ACTIVATION.md, ruling 4)"))
            }
            if c.operator == .utiConformsTo || c.operator == .utiEquals {
                for side in [c.left, c.right] { checkTypeIdentifier(side) }
            }
            if left.isCount, case .constant(let v) = c.right, let n = Self.number(v), Self.interval(c.operator, n) == nil {
                findings.append((.activationNeverTrue, "'\(text)' can never hold: a count is never \(Self.spelling(c.operator)) \(Self.format(n))"))
            }
        }
    }

    /// The shape of an expression; reports key paths outside the object.
    mutating func shape(_ e: FormatExpression, variables: [String: PredicateShape]) -> PredicateShape {
        switch e {
        case .constant: return .literal
        case .evaluatedObject: return .root
        case .variable(let name): return variables[name] ?? .unknown
        case .keyPath(let k):
            var current = k.base.map { shape($0, variables: variables) } ?? .root
            for component in k.components {
                guard let next = current.applying(component) else {
                    let path = PredicateExplainer.abbreviated(e)
                    if reportedPaths.insert(path).inserted {
                        findings.append((.activationUnknownKeyPath,
                                         "'\(path)': '\(component)' is not in the object the rule sees (here the keys are: \(PredicateShape.keys(of: current.entity))); it is always null"))
                    }
                    return .unknown
                }
                current = next
            }
            return current
        case .subquery(let s):
            let collection = shape(s.collection, variables: variables)
            var inner = variables
            inner[s.variable] = collection.isToMany
                ? PredicateShape(entity: collection.entity, depth: collection.depth - 1) : .unknown
            check(s.predicate, variables: inner)
            return collection
        case .index(let i):
            _ = shape(i.base, variables: variables)
            return .unknown
        default:
            return .unknown
        }
    }

    /// A literal type identifier that no declaration names matches only itself (docs/ACTIVATION.md, ruling 6).
    mutating func checkTypeIdentifier(_ e: FormatExpression) {
        guard case .constant(.string(let id)) = e else { return }
        if let t = registry.type(withIdentifier: id), t.isDeclared || t.isDynamic { return }
        let known = registry.declaredTypes.map(\.identifier).filter { !$0.hasPrefix("org.freedesktop.") }
        let nearest = known.map { ($0, EditDistance.between($0, id.lowercased())) }.min { $0.1 < $1.1 }
        let hint = nearest.flatMap { $0.1 <= 3 ? "; did you mean \($0.0)?" : nil } ?? ""
        findings.append((.activationUnknownType,
                         "\"\(id)\" is not a type identifier the type system or this bundle declares, so only an attachment of exactly that type can match\(hint)"))
    }
}
