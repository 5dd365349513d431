import TypeIdentifiers

/// The bundle keys of an Info.plist that Appex uses, typed.
///
/// Values are stored with build variables expanded where `--define` gave them; references
/// left unexpanded stay in the strings as written and are listed in ``unresolvedVariables``.
public struct BundleInfo: Hashable, Sendable {
    /// `CFBundleIdentifier`.
    public var identifier: String?
    /// `CFBundleExecutable`.
    public var executable: String?
    /// `CFBundleVersion`.
    public var version: String?
    /// `CFBundleShortVersionString`.
    public var shortVersion: String?
    /// `CFBundleDisplayName`, else `CFBundleName`.
    public var displayName: String?
    /// The URL schemes of `CFBundleURLTypes`, in order.
    public var urlSchemes: [String]
    /// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations`.
    public var typeDeclarations: [TypeDeclaration]
    /// The icon file names the bundle declares, in the order a lookup tries them: the
    /// names of `CFBundleIcons.CFBundlePrimaryIcon.CFBundleIconFiles` last first (the
    /// largest, by Apple's convention), then `CFBundleIconFile` (macOS). Names may lack
    /// their extension; see ``BundleIcon`` for the lookup.
    public var iconFiles: [String]
    /// The `NSExtension` dictionary, for an extension.
    public var extensionDeclaration: ExtensionDeclaration?
    /// Build-variable references left unexpanded, each once, in order.
    public var unresolvedVariables: [String]
    /// Where each key read was found, by key path.
    public var locations: [String: ManifestLocation]

    /// Creates an empty description.
    public init() {
        urlSchemes = []
        typeDeclarations = []
        iconFiles = []
        unresolvedVariables = []
        locations = [:]
    }

    /// A name for listings: the display name, else the identifier, else "(unnamed)".
    public var name: String { displayName ?? identifier ?? "(unnamed)" }
}

/// Where a value was found in a property list.
public struct ManifestLocation: Hashable, Sendable, Codable {
    /// The key path, such as `NSExtension.NSExtensionAttributes.NSExtensionActivationRule`.
    public var keyPath: String
    /// The 1-based line (XML files only).
    public var line: Int?
    /// The 1-based column (XML files only).
    public var column: Int?

    /// Creates a location.
    public init(keyPath: String, line: Int? = nil, column: Int? = nil) {
        self.keyPath = keyPath
        self.line = line
        self.column = column
    }
}
