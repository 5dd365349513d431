import Synchronization

/// The set of types known to the system: Appex's built-in declarations, the types bridged
/// from shared-mime-info, and those declared by installed bundles.
///
/// Lookups read an immutable snapshot without locking; registering declarations builds a new one. Types
/// resolved before a registration keep working and compare correctly with later ones.
public final class TypeRegistry: Sendable {
    /// The registry every `UTType` initializer consults: system types plus the host's
    /// shared-mime-info database (when installed).
    ///
    /// The database is read, and its types bridged, the first time a question needs them
    /// (an identifier the system types do not declare, a tag, the list of every type), not
    /// when the registry is made: a command that asks only about system types (a share's
    /// activation rules, mostly) does not pay for reading /usr/share/mime (about 10 ms).
    public static let shared = TypeRegistry(loadingMIMEDatabase: { SharedMIMEDatabase.system })

    /// Every snapshot ever published, oldest first. Writers append under the lock; readers
    /// never lock (see ``current``). Snapshots are kept for the registry's lifetime so that a
    /// reader holding a pointer to an old one is always safe; registrations are rare (bundle
    /// installs), so this costs one snapshot per registration.
    private let published: Mutex<[TypeSnapshot]>
    /// The address of the newest snapshot in `published`.
    private let currentAddress: Atomic<UInt>
    /// The shared-mime-info database, or how to read it when first needed.
    private let mime: Mutex<MIMESource>
    /// Set once the database's types are in the snapshot (or there is no database): from
    /// then on no lookup needs to ask.
    private let isBridged: Atomic<Bool>
    private let undeclared = Mutex<[String: TypeNode]>([:])

    /// Where the shared-mime-info database comes from.
    private enum MIMESource {
        case loaded(SharedMIMEDatabase?)
        case pending(@Sendable () -> SharedMIMEDatabase?)
    }

    /// The shared-mime-info database used for glob and alias fallbacks (read now if it was not).
    public var mimeDatabase: SharedMIMEDatabase? {
        bridgeMIMETypes()
        return mime.withLock { source in
            if case .loaded(let database) = source { return database }
            return nil
        }
    }

    /// Creates a registry of the system types, plus the types bridged from `mimeDatabase`.
    public init(mimeDatabase: SharedMIMEDatabase? = nil) {
        self.mime = Mutex(.loaded(mimeDatabase))
        self.isBridged = Atomic(true)
        var declarations = SystemTypes.all
        if let mimeDatabase {
            declarations += MIMETypeBridge.declarations(for: mimeDatabase, systemTypes: SystemTypes.all)
        }
        let snapshot = Self.snapshot(declarations)
        self.published = Mutex([snapshot])
        self.currentAddress = Atomic(Self.address(of: snapshot))
    }

    /// Creates a registry of the system types that reads the shared-mime-info database with
    /// `load`, and bridges its types, the first time a lookup needs them (``shared``).
    public init(loadingMIMEDatabase load: @escaping @Sendable () -> SharedMIMEDatabase?) {
        self.mime = Mutex(.pending(load))
        self.isBridged = Atomic(false)
        let snapshot = Self.snapshot(SystemTypes.all)
        self.published = Mutex([snapshot])
        self.currentAddress = Atomic(Self.address(of: snapshot))
    }

    /// The snapshot of declarations the package validates. The system table is checked by
    /// tests; a cycle there would be a programming error, so an empty registry, not a crash.
    private static func snapshot(_ declarations: [TypeDeclaration]) -> TypeSnapshot {
        (try? TypeSnapshot(declarations: declarations)) ?? (try! TypeSnapshot(declarations: []))
    }

    /// Reads the shared-mime-info database and adds its types, unless that was done. The
    /// bridged types come after the system's and before any a bundle registered, as they
    /// would had the database been read at once. Returns whether they were not there when
    /// it was called: the caller's snapshot may be stale, and it asks again.
    ///
    /// The files are read outside the lock (two first questions at once may both read them;
    /// one snapshot wins); only the new snapshot is made under it, as ``register(_:)`` does.
    @discardableResult
    func bridgeMIMETypes() -> Bool {
        if isBridged.load(ordering: .acquiring) { return false }
        let pending = mime.withLock { source -> (@Sendable () -> SharedMIMEDatabase?)? in
            if case .pending(let load) = source { return load }
            return nil
        }
        let database = pending.flatMap { $0() }
        let bridged = database.map { MIMETypeBridge.declarations(for: $0, systemTypes: SystemTypes.all) } ?? []
        published.withLock { snapshots in
            let first = mime.withLock { source -> Bool in
                guard case .pending = source else { return false }
                source = .loaded(database)
                return true
            }
            guard first else { return }
            defer { isBridged.store(true, ordering: .releasing) }
            guard !bridged.isEmpty else { return }
            let system = SystemTypes.all
            let registered = snapshots[snapshots.count - 1].declarations.dropFirst(system.count)
            guard let next = try? TypeSnapshot(declarations: system + bridged + registered) else { return }
            snapshots.append(next)
            currentAddress.store(Self.address(of: next), ordering: .releasing)
        }
        return true
    }

    /// The newest snapshot, read without a lock.
    var current: TypeSnapshot {
        let bits = currentAddress.load(ordering: .acquiring)
        // Safe: the address always names a snapshot retained by `published` for the
        // registry's lifetime.
        return Unmanaged<TypeSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    private static func address(of snapshot: TypeSnapshot) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(snapshot).toOpaque())
    }

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
        let result: Result<Void, TypeIdentifierError> = published.withLock { snapshots in
            do throws(TypeIdentifierError) {
                let next = try TypeSnapshot(declarations: snapshots[snapshots.count - 1].declarations + declarations)
                snapshots.append(next)
                currentAddress.store(Self.address(of: next), ordering: .releasing)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Every declared type, in declaration order.
    public var declaredTypes: [UTType] {
        bridgeMIMETypes()
        return current.nodes.map { UTType(node: $0, registry: self) }
    }

    /// The type for an identifier; `nil` when the identifier is malformed.
    public func type(withIdentifier identifier: String) -> UTType? {
        try? resolvedType(withIdentifier: identifier)
    }

    /// The type for an identifier, or an error saying why the identifier is malformed.
    public func resolvedType(withIdentifier identifier: String) throws(TypeIdentifierError) -> UTType {
        if let node = current.byKey[identifier.lowercased()] { return UTType(node: node, registry: self) }
        if bridgeMIMETypes() { return try resolvedType(withIdentifier: identifier) }
        try TypeIdentifierSyntax.validate(identifier: identifier)
        return UTType(node: try outsideNode(identifier), registry: self)
    }

    /// Whether the type named `identifier` conforms to the one named `other`.
    ///
    /// Unknown identifiers conform only to themselves (docs/ACTIVATION.md, ruling 6); comparison ignores case.
    public func conforms(_ identifier: String, to other: String) -> Bool {
        let s = current
        // An identifier the snapshot does not declare may be shared-mime-info's, not yet read.
        if !isBridged.load(ordering: .acquiring),
           Self.node(forKey: other, in: s) == nil || Self.node(forKey: identifier, in: s) == nil, bridgeMIMETypes() {
            return conforms(identifier, to: other)
        }
        if let b = Self.node(forKey: other, in: s) { return conforms(identifier, toNode: b, in: s) }
        let otherKey = other.lowercased()
        if let a = Self.node(forKey: identifier, in: s) { return a.ancestorKeys.contains(otherKey) }
        if Self.isDynamic(identifier), let node = try? outsideNode(identifier) {
            return node.ancestorKeys.contains(otherKey)
        }
        return identifier.lowercased() == otherKey
    }

    /// Whether the type named `identifier` conforms to `type`: the fast form for evaluating
    /// many identifiers against one type (resolve `type` once, then call this without locks).
    public func conforms(_ identifier: String, to type: UTType) -> Bool {
        let s = current
        if !isBridged.load(ordering: .acquiring), Self.node(forKey: identifier, in: s) == nil, bridgeMIMETypes() {
            return conforms(identifier, to: type)
        }
        return conforms(identifier, toNode: type.node, in: s)
    }

    @inline(__always)
    private func conforms(_ identifier: String, toNode target: TypeNode, in s: TypeSnapshot) -> Bool {
        if let a = Self.node(forKey: identifier, in: s) { return a.conforms(to: target) }
        if Self.isDynamic(identifier), let node = try? outsideNode(identifier) {
            return node.ancestorKeys.contains(target.key)
        }
        return identifier.lowercased() == target.key
    }

    /// The declared node for an identifier, lowercasing only when the identifier has capitals.
    @inline(__always)
    static func node(forKey identifier: String, in s: TypeSnapshot) -> TypeNode? {
        if let node = s.byKey[identifier] { return node }
        guard identifier.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return nil }
        return s.byKey[identifier.lowercased()]
    }

    private static func isDynamic(_ identifier: String) -> Bool {
        var bytes = identifier.utf8.makeIterator()
        for expected in "dyn.".utf8 {
            guard let b = bytes.next(), b | 0x20 == expected | 0x20 else { return false }
        }
        return true
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
        bridgeMIMETypes()
        let s = current
        for parent in dyn.conformsTo {
            if let p = s.byKey[parent.lowercased()] { keys.formUnion(p.ancestorKeys) } else { keys.insert(parent.lowercased()) }
        }
        return TypeNode(identifier: id, declaration: nil, dynamicTag: dyn, index: -1, generation: 0,
                        ancestorKeys: keys, ancestorSet: AncestorSet(capacity: 0), parentIdentifiers: dyn.conformsTo)
    }

    /// A system type by identifier, for the `UTType` constants.
    func systemType(_ identifier: String) -> UTType {
        resolve(key: identifier.lowercased(), spelled: identifier)
    }

    /// Resolves a lowercased key (an ancestor or parent) to a type, spelled as declared.
    func resolve(key: String, spelled: String? = nil) -> UTType {
        if let node = current.byKey[key] { return UTType(node: node, registry: self) }
        if bridgeMIMETypes() { return resolve(key: key, spelled: spelled) }
        return UTType(node: TypeNode(identifier: spelled ?? key, declaration: nil, dynamicTag: nil, index: -1,
                                     generation: 0, ancestorKeys: [key], ancestorSet: AncestorSet(capacity: 0),
                                     parentIdentifiers: []), registry: self)
    }
}
