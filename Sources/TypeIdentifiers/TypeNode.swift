import Synchronization

/// One resolved type: its declaration plus everything precomputed for fast queries.
///
/// Nodes are immutable and shared by every `UTType` value that refers to them.
final class TypeNode: Sendable {
    /// The identifier as declared (or as given, for undeclared and dynamic types).
    let identifier: String
    /// The identifier lowercased: identity for equality, hashing and lookup.
    let key: String
    /// The declaration, for declared types.
    let declaration: TypeDeclaration?
    /// For dynamic types, the tag the identifier wraps.
    let dynamicTag: DynamicTypeIdentifier?
    /// Index in its snapshot, or -1 for a node outside any snapshot (undeclared or dynamic).
    let index: Int
    /// The snapshot generation this node belongs to (0 for nodes outside any snapshot).
    let generation: UInt64
    /// Lowercased keys of every type this one conforms to, itself included.
    let ancestorKeys: Set<String>
    /// Snapshot indexes of every declared type this one conforms to, itself included.
    let ancestorSet: AncestorSet
    /// Direct parents' identifiers, as declared.
    let parentIdentifiers: [String]

    init(identifier: String, declaration: TypeDeclaration?, dynamicTag: DynamicTypeIdentifier?,
         index: Int, generation: UInt64, ancestorKeys: Set<String>, ancestorSet: AncestorSet,
         parentIdentifiers: [String]) {
        self.identifier = identifier
        self.key = identifier.lowercased()
        self.declaration = declaration
        self.dynamicTag = dynamicTag
        self.index = index
        self.generation = generation
        self.ancestorKeys = ancestorKeys
        self.ancestorSet = ancestorSet
        self.parentIdentifiers = parentIdentifiers
    }

    /// Whether this node conforms to `other`: reflexive and transitive.
    @inline(__always)
    func conforms(to other: TypeNode) -> Bool {
        if generation == other.generation && other.index >= 0 {
            return ancestorSet.contains(other.index)
        }
        return ancestorKeys.contains(other.key)
    }

    private static let generations = Atomic<UInt64>(0)

    /// A fresh, process-unique snapshot generation.
    static func nextGeneration() -> UInt64 {
        generations.add(1, ordering: .relaxed).newValue
    }
}
