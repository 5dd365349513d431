import TypeIdentifiers

/// The table the conformance benchmarks run over: every declared type against a fixed
/// set of common supertypes, in every representation the benchmarks compare.
struct ConformancePairs: Sendable {
    /// The supertypes checked, as Apple spells them.
    static let supertypeIdentifiers = [
        "public.item", "public.content", "public.data", "public.image", "public.text",
        "public.plain-text", "public.url", "public.file-url", "public.movie", "public.audio",
        "public.archive", "com.adobe.pdf",
    ]

    /// Per pair, the subtype and supertype as `UTType`s.
    let types: [(UTType, UTType)]
    /// Per pair, the identifiers as declared.
    let identifiers: [(String, String)]
    /// Per pair, the subtype's precomputed lowercased ancestor set (itself included) and the
    /// lowercased supertype identifier: the cheapest string-based conformance test.
    let ancestorSets: [(Set<String>, String)]

    /// Builds the table from the registry's declared types.
    init(registry: TypeRegistry = .shared) {
        let declared = registry.declaredTypes
        let supertypes = Self.supertypeIdentifiers.compactMap { registry.type(withIdentifier: $0) }
        var types: [(UTType, UTType)] = []
        var identifiers: [(String, String)] = []
        var ancestorSets: [(Set<String>, String)] = []
        for type in declared {
            var ancestors = Set(type.supertypes.map { $0.identifier.lowercased() })
            ancestors.insert(type.identifier.lowercased())
            for supertype in supertypes {
                types.append((type, supertype))
                identifiers.append((type.identifier, supertype.identifier))
                ancestorSets.append((ancestors, supertype.identifier.lowercased()))
            }
        }
        self.types = types
        self.identifiers = identifiers
        self.ancestorSets = ancestorSets
    }

    /// The number of pairs.
    var count: Int { types.count }
}
