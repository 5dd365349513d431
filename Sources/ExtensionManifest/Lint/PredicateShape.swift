/// The static shape of a value inside the activation object, for lint: which entity it is
/// and how many array levels wrap it.
///
/// The object is `{ extensionItems: [ { attachments: [ { registeredTypeIdentifiers: [String] } ] } ] }`
/// and nothing else (docs/ACTIVATION.md, ruling 15), so every key path can be checked against it.
struct PredicateShape: Hashable {
    enum Entity: Hashable {
        case root, item, attachment, typeIdentifier, number, literal, unknown
    }

    var entity: Entity
    /// How many arrays wrap the entity (0 for a single value).
    var depth: Int
    /// Whether the value is a `@count`.
    var isCount = false

    static let root = PredicateShape(entity: .root, depth: 0)
    static let unknown = PredicateShape(entity: .unknown, depth: 0)
    static let literal = PredicateShape(entity: .literal, depth: 0)

    /// Whether this is a to-many value (an array) the schema knows.
    var isToMany: Bool { depth > 0 && entity != .unknown }

    /// The keys each entity answers, with the entity they lead to (one array level each).
    static func child(of entity: Entity, key: String) -> Entity? {
        switch (entity, key) {
        case (.root, "extensionItems"): .item
        case (.item, "attachments"): .attachment
        case (.attachment, "registeredTypeIdentifiers"): .typeIdentifier
        default: nil
        }
    }

    /// The keys an entity answers, for messages.
    static func keys(of entity: Entity) -> String {
        switch entity {
        case .root: "extensionItems"
        case .item: "attachments"
        case .attachment: "registeredTypeIdentifiers"
        default: "none"
        }
    }

    /// The shape after applying one key path component, or `nil` for an unknown key.
    func applying(_ component: String) -> PredicateShape? {
        if entity == .unknown || entity == .literal { return .unknown }
        if component.hasPrefix("@") {
            switch component.lowercased() {
            case "@count", "@sum", "@avg", "@min", "@max":
                return PredicateShape(entity: .number, depth: 0, isCount: component.lowercased() == "@count")
            case "@unionofobjects", "@distinctunionofobjects":
                return PredicateShape(entity: entity, depth: max(depth - 1, 1))
            default:
                return .unknown
            }
        }
        guard let next = Self.child(of: entity, key: component) else { return nil }
        return PredicateShape(entity: next, depth: depth + 1)
    }
}
