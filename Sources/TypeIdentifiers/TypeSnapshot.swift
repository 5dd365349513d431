/// An immutable, fully resolved set of declarations: nodes with precomputed ancestors and
/// tag indexes. A registry swaps in a new snapshot whenever declarations are added.
final class TypeSnapshot: Sendable {
    let generation: UInt64
    let declarations: [TypeDeclaration]
    let nodes: [TypeNode]
    let byKey: [String: TypeNode]
    /// Lowercased extension → nodes claiming it, best first.
    let byExtension: [String: [TypeNode]]
    /// Lowercased MIME type → nodes claiming it, best first.
    let byMIMEType: [String: [TypeNode]]

    /// Resolves declarations. Later declarations of an identifier already declared are
    /// ignored (first wins, so the system's own types cannot be redefined).
    init(declarations input: [TypeDeclaration]) throws(TypeIdentifierError) {
        // One declaration per identifier: the best origin wins (system, exported, imported,
        // shared-mime-info), then the first given, so the system's types cannot be redefined
        // and an exporting bundle's declaration beats an importing one's.
        var best: [String: Int] = [:]
        for (i, d) in input.enumerated() {
            let key = d.identifier.lowercased()
            if let j = best[key], Self.rank(input[j].origin) <= Self.rank(d.origin) { continue }
            best[key] = i
        }
        let declarations = input.indices.filter { best[input[$0].identifier.lowercased()] == $0 }.map { input[$0] }
        let generation = TypeNode.nextGeneration()
        self.generation = generation
        self.declarations = declarations

        var indexByKey: [String: Int] = [:]
        for (i, d) in declarations.enumerated() { indexByKey[d.identifier.lowercased()] = i }

        // Ancestors by depth-first search with cycle detection.
        var keys = [Set<String>?](repeating: nil, count: declarations.count)
        var bits = [AncestorSet?](repeating: nil, count: declarations.count)
        var onStack = [Bool](repeating: false, count: declarations.count)

        func resolve(_ i: Int, path: [String]) throws(TypeIdentifierError) {
            if keys[i] != nil { return }
            if onStack[i] {
                let cycle = (path + [declarations[i].identifier]).joined(separator: " → ")
                throw TypeIdentifierError(.invalidDeclaration, "conformance cycle: \(cycle)")
            }
            onStack[i] = true
            var k: Set<String> = [declarations[i].identifier.lowercased()]
            var b = AncestorSet(capacity: declarations.count)
            b.insert(i)
            for parent in declarations[i].conformsTo {
                let pk = parent.lowercased()
                if let p = indexByKey[pk] {
                    try resolve(p, path: path + [declarations[i].identifier])
                    k.formUnion(keys[p]!)
                    b.formUnion(bits[p]!)
                } else {
                    k.insert(pk)  // an undeclared parent conforms only to itself
                }
            }
            onStack[i] = false
            keys[i] = k
            bits[i] = b
        }
        for i in declarations.indices { try resolve(i, path: []) }

        var nodes: [TypeNode] = []
        nodes.reserveCapacity(declarations.count)
        for (i, d) in declarations.enumerated() {
            nodes.append(TypeNode(identifier: d.identifier, declaration: d, dynamicTag: nil, index: i,
                                  generation: generation, ancestorKeys: keys[i]!, ancestorSet: bits[i]!,
                                  parentIdentifiers: d.conformsTo))
        }
        self.nodes = nodes
        var byKey: [String: TypeNode] = [:]
        var byExtension: [String: [TypeNode]] = [:]
        var byMIMEType: [String: [TypeNode]] = [:]
        for node in nodes {
            byKey[node.key] = node
            for ext in node.declaration!.filenameExtensions { byExtension[ext.lowercased(), default: []].append(node) }
            for mime in node.declaration!.mimeTypes { byMIMEType[mime.lowercased(), default: []].append(node) }
        }
        func rank(_ n: TypeNode) -> Int { Self.rank(n.declaration!.origin) }
        self.byKey = byKey
        self.byExtension = byExtension.mapValues { $0.enumerated().sorted { (rank($0.1), $0.0) < (rank($1.1), $1.0) }.map(\.1) }
        self.byMIMEType = byMIMEType.mapValues { $0.enumerated().sorted { (rank($0.1), $0.0) < (rank($1.1), $1.0) }.map(\.1) }
    }

    /// Precedence of origins: system, exported, imported, shared-mime-info.
    static func rank(_ origin: TypeDeclaration.Origin) -> Int {
        switch origin {
        case .system: 0
        case .exported: 1
        case .imported: 2
        case .sharedMIMEInfo: 3
        }
    }
}
