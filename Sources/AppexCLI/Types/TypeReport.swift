import TypeIdentifiers

/// What `appex types info` and `--json` report about a type.
struct TypeReport: Encodable {
    var identifier: String
    var description: String?
    var declared: Bool
    var dynamic: Bool
    var origin: String?
    var parents: [String]
    var supertypes: [String]
    var filenameExtensions: [String]
    var mimeTypes: [String]
    var preferredFilenameExtension: String?
    var preferredMIMEType: String?

    init(_ type: UTType) {
        identifier = type.identifier
        description = type.localizedDescription
        declared = type.isDeclared
        dynamic = type.isDynamic
        origin = type.origin.map(Self.describe)
        parents = type.directSupertypes.map(\.identifier)
        supertypes = type.supertypes.map(\.identifier).sorted()
        filenameExtensions = type.tags[.filenameExtension] ?? []
        mimeTypes = type.tags[.mimeType] ?? []
        preferredFilenameExtension = type.preferredFilenameExtension
        preferredMIMEType = type.preferredMIMEType
    }

    static func describe(_ origin: TypeDeclaration.Origin) -> String {
        switch origin {
        case .system: "system"
        case .exported(let bundle): "exported by \(bundle)"
        case .imported(let bundle): "imported by \(bundle)"
        case .sharedMIMEInfo: "shared-mime-info"
        }
    }

    /// The human-readable form.
    var text: String {
        func list(_ items: [String]) -> String { items.isEmpty ? "—" : items.joined(separator: ", ") }
        let kind = declared ? "declared (\(origin ?? "?"))" : dynamic ? "dynamic" : "undeclared (conforms only to itself)"
        return """
        \(identifier)
          description:  \(description ?? "—")
          kind:         \(kind)
          parents:      \(list(parents))
          conforms to:  \(list(supertypes))
          extensions:   \(list(filenameExtensions))
          MIME types:   \(list(mimeTypes))
        """
    }
}
