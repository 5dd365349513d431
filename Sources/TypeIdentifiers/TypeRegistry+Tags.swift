/// Lookup by tag: filename extensions and MIME types.
extension TypeRegistry {
    /// The best type for a tag that conforms to `supertype`; a dynamic type when no declared
    /// type claims it, `nil` when the tag is malformed.
    ///
    /// Order: declared types claiming the tag (system, bundles, shared-mime-info); then, for
    /// extensions, the shared-mime-info globs and, for MIME types, its aliases; then dynamic.
    public func type(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> UTType? {
        try? resolvedType(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }

    /// Like ``type(tag:tagClass:conformingTo:)``, throwing an error that says what is wrong
    /// with a malformed tag.
    public func resolvedType(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) throws(TypeIdentifierError) -> UTType {
        let tag = tagClass == .filenameExtension && tag.hasPrefix(".") ? String(tag.dropFirst()) : tag
        try TypeIdentifierSyntax.validate(tag: tag, kind: tagClass == .mimeType ? "MIME type" : "filename extension")
        if let first = declaredTypes(tag: tag, tagClass: tagClass, conformingTo: supertype).first { return first }
        let parent = supertype?.identifier ?? "public.data"
        return UTType(node: dynamicNode(DynamicTypeIdentifier(tagClass: tagClass, tag: tag, conformsTo: [parent])),
                      registry: self)
    }

    /// Every declared type claiming a tag and conforming to `supertype`, best first.
    public func declaredTypes(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        // Tags are shared-mime-info's as much as the system's.
        let mimeDatabase = self.mimeDatabase
        let s = current
        let key = tag.lowercased()
        var candidates: [TypeNode]
        switch tagClass {
        case .filenameExtension:
            candidates = s.byExtension[key] ?? []
            if candidates.isEmpty, let mimeDatabase {
                candidates = mimeDatabase.mimeTypes(forExtension: key).flatMap { s.byMIMEType[$0] ?? [] }
            }
        case .mimeType:
            candidates = s.byMIMEType[key] ?? []
            if candidates.isEmpty, let canonical = mimeDatabase?.canonicalMIMEType(key), canonical != key {
                candidates = s.byMIMEType[canonical] ?? []
            }
        default:
            candidates = []
        }
        var seen = Set<String>()
        return candidates
            .filter { node in supertype.map { node.conforms(to: $0.node) } ?? true }
            .filter { seen.insert($0.key).inserted }
            .map { UTType(node: $0, registry: self) }
    }
}
