import Synchronization

/// The set of types known to the system: Appex's built-in declarations, the types bridged
/// from shared-mime-info, and those declared by installed bundles.
///
/// Lookups read an immutable snapshot; registering declarations builds a new one. Types
/// resolved before a registration keep working and compare correctly with later ones.
public final class TypeRegistry: Sendable {
    /// The registry every `UTType` initializer consults: system types plus the host's
    /// shared-mime-info database (when installed).
    public static let shared = TypeRegistry(mimeDatabase: SharedMIMEDatabase.system)

    private let snapshot: Mutex<TypeSnapshot>
    /// The shared-mime-info database used for glob and alias fallbacks.
    public let mimeDatabase: SharedMIMEDatabase?
    private let undeclared = Mutex<[String: TypeNode]>([:])

    /// Creates a registry of the system types, plus the types bridged from `mimeDatabase`.
    public init(mimeDatabase: SharedMIMEDatabase? = nil) {
        self.mimeDatabase = mimeDatabase
        var declarations = SystemTypes.all
        if let mimeDatabase {
            declarations += MIMETypeBridge.declarations(for: mimeDatabase, systemTypes: SystemTypes.all)
        }
        // The system table is validated by tests; a cycle there would be a programming error,
        // so fall back to an empty registry rather than crash.
        let snapshot = (try? TypeSnapshot(declarations: declarations)) ?? (try! TypeSnapshot(declarations: []))
        self.snapshot = Mutex(snapshot)
    }

    var current: TypeSnapshot { snapshot.withLock { $0 } }

    /// Adds declarations (from an installed bundle, say) so they take part in conformance.
    ///
    /// Identifiers must be valid and not dynamic; an identifier that is already declared
    /// keeps its first declaration. A conformance cycle rejects the whole batch.
    public func register(_ declarations: [TypeDeclaration]) throws(TypeIdentifierError) {
        for d in declarations {
            try TypeIdentifierSyntax.validate(identifier: d.identifier)
            if d.identifier.lowercased().hasPrefix("dyn.") {
                throw TypeIdentifierError(.invalidDeclaration,
                    "\(d.identifier) is a dynamic identifier; dynamic types cannot be declared")
            }
            for parent in d.conformsTo { try TypeIdentifierSyntax.validate(identifier: parent) }
        }
        let result: Result<Void, TypeIdentifierError> = snapshot.withLock { s in
            do throws(TypeIdentifierError) {
                s = try TypeSnapshot(declarations: s.declarations + declarations)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Every declared type, in declaration order.
    public var declaredTypes: [UTType] { current.nodes.map { UTType(node: $0, registry: self) } }

    /// The type for an identifier; `nil` when the identifier is malformed.
    public func type(withIdentifier identifier: String) -> UTType? {
        try? resolvedType(withIdentifier: identifier)
    }

    /// The type for an identifier, or an error saying why the identifier is malformed.
    public func resolvedType(withIdentifier identifier: String) throws(TypeIdentifierError) -> UTType {
        if let node = current.byKey[identifier.lowercased()] { return UTType(node: node, registry: self) }
        try TypeIdentifierSyntax.validate(identifier: identifier)
        return UTType(node: try outsideNode(identifier), registry: self)
    }

    /// Whether the type named `identifier` conforms to the one named `other`.
    ///
    /// Unknown identifiers conform only to themselves (ruling 6); comparison ignores case.
    public func conforms(_ identifier: String, to other: String) -> Bool {
        let s = current
        let a = s.byKey[identifier] ?? s.byKey[identifier.lowercased()]
        let b = s.byKey[other] ?? s.byKey[other.lowercased()]
        if let a, let b { return a.conforms(to: b) }
        if let a { return a.ancestorKeys.contains(other.lowercased()) }
        if identifier.utf8.count > 4, identifier.lowercased().hasPrefix("dyn."),
           let node = try? outsideNode(identifier) {
            return node.ancestorKeys.contains(other.lowercased())
        }
        return identifier.lowercased() == other.lowercased()
    }

    /// A node for an identifier no declaration claims: dynamic (decoded) or undeclared.
    func outsideNode(_ identifier: String) throws(TypeIdentifierError) -> TypeNode {
        let key = identifier.lowercased()
        if let cached = undeclared.withLock({ $0[key] }) { return cached }
        let node: TypeNode
        if let dyn = DynamicTypeIdentifier(identifier: identifier) {
            node = dynamicNode(dyn, identifier: identifier)
        } else {
            node = TypeNode(identifier: identifier, declaration: nil, dynamicTag: nil, index: -1, generation: 0,
                            ancestorKeys: [key], ancestorSet: AncestorSet(capacity: 0), parentIdentifiers: [])
        }
        undeclared.withLock { cache in
            if cache.count > 4096 { cache.removeAll(keepingCapacity: true) }  // bounded under hostile input
            cache[key] = node
        }
        return node
    }

    func dynamicNode(_ dyn: DynamicTypeIdentifier, identifier: String? = nil) -> TypeNode {
        let id = identifier ?? dyn.identifier
        var keys: Set<String> = [id.lowercased()]
        let s = current
        for parent in dyn.conformsTo {
            if let p = s.byKey[parent.lowercased()] { keys.formUnion(p.ancestorKeys) } else { keys.insert(parent.lowercased()) }
        }
        return TypeNode(identifier: id, declaration: nil, dynamicTag: dyn, index: -1, generation: 0,
                        ancestorKeys: keys, ancestorSet: AncestorSet(capacity: 0), parentIdentifiers: dyn.conformsTo)
    }

    /// A system type by identifier, for the `UTType` constants.
    func systemType(_ identifier: String) -> UTType {
        if let node = current.byKey[identifier.lowercased()] { return UTType(node: node, registry: self) }
        return UTType(node: (try? outsideNode(identifier)) ?? dynamicNode(.init(tagClass: .filenameExtension, tag: identifier, conformsTo: [])),
                      registry: self)
    }

    /// Resolves a lowercased key (an ancestor or parent) to a type, spelled as declared.
    func resolve(key: String, spelled: String? = nil) -> UTType {
        if let node = current.byKey[key] { return UTType(node: node, registry: self) }
        return UTType(node: TypeNode(identifier: spelled ?? key, declaration: nil, dynamicTag: nil, index: -1,
                                     generation: 0, ancestorKeys: [key], ancestorSet: AncestorSet(capacity: 0),
                                     parentIdentifiers: []), registry: self)
    }
}
