/// Tags: the filename extensions and MIME types a type claims, and lookup by tag.
extension UTType {
    /// Every tag of the type, by class. A dynamic type has the one tag it wraps.
    public var tags: [UTTagClass: [String]] {
        if let dyn = node.dynamicTag { return [dyn.tagClass: [dyn.tag]] }
        guard let d = node.declaration else { return [:] }
        var result: [UTTagClass: [String]] = [:]
        if !d.filenameExtensions.isEmpty { result[.filenameExtension] = d.filenameExtensions }
        if !d.mimeTypes.isEmpty { result[.mimeType] = d.mimeTypes }
        return result
    }

    /// The preferred filename extension, without its dot.
    public var preferredFilenameExtension: String? { tags[.filenameExtension]?.first }

    /// The preferred MIME type.
    public var preferredMIMEType: String? { tags[.mimeType]?.first }

    /// The type for a filename extension (without its dot) that conforms to `supertype`.
    ///
    /// Declared types are searched first (system, then installed bundles, then
    /// shared-mime-info); an extension no declared type claims yields a dynamic type that
    /// conforms to `supertype`. Returns `nil` for an empty or malformed extension.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        guard let type = TypeRegistry.shared.type(tag: filenameExtension, tagClass: .filenameExtension,
                                                   conformingTo: supertype) else { return nil }
        self = type
    }

    /// The type for a MIME type that conforms to `supertype`; dynamic when no type claims it.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        guard let type = TypeRegistry.shared.type(tag: mimeType, tagClass: .mimeType,
                                                   conformingTo: supertype) else { return nil }
        self = type
    }

    /// The type for a tag of any class that conforms to `supertype`, if any.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard let type = TypeRegistry.shared.type(tag: tag, tagClass: tagClass,
                                                   conformingTo: supertype) else { return nil }
        self = type
    }

    /// Every declared type that claims a tag and conforms to `supertype`, best first.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        TypeRegistry.shared.declaredTypes(tag: tag, tagClass: tagClass, conformingTo: supertype)
    }
}
