/// One declared type: an identifier, what it conforms to, and its tags.
///
/// The same shape describes the system's types, the types a bundle exports or imports in
/// its Info.plist (`UTExportedTypeDeclarations`, `UTImportedTypeDeclarations`), and the
/// types bridged from freedesktop shared-mime-info.
public struct TypeDeclaration: Sendable, Hashable {
    /// Where a declaration came from; decides precedence when two claim the same tag.
    public enum Origin: Sendable, Hashable {
        /// Built into Appex: Apple's UniformTypeIdentifiers core types and their relatives.
        case system
        /// Exported by an installed bundle (`UTExportedTypeDeclarations`).
        case exported(bundleIdentifier: String)
        /// Imported by an installed bundle (`UTImportedTypeDeclarations`).
        case imported(bundleIdentifier: String)
        /// Bridged from the freedesktop shared-mime-info database.
        case sharedMIMEInfo
    }

    /// The type's identifier, such as `public.jpeg`, spelled as declared.
    public var identifier: String
    /// The identifiers this type directly conforms to (its parents).
    public var conformsTo: [String]
    /// Filename extensions without the dot, preferred first.
    public var filenameExtensions: [String]
    /// MIME types, preferred first.
    public var mimeTypes: [String]
    /// A short human-readable description, such as "JPEG image".
    public var description: String?
    /// Where the declaration came from.
    public var origin: Origin

    /// Creates a declaration.
    public init(
        _ identifier: String,
        conformsTo: [String] = [],
        extensions: [String] = [],
        mimeTypes: [String] = [],
        description: String? = nil,
        origin: Origin = .system
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.filenameExtensions = extensions
        self.mimeTypes = mimeTypes
        self.description = description
        self.origin = origin
    }
}
