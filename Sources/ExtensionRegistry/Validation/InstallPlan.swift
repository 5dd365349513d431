import ExtensionManifest

/// What an install will record: the validated facts of a staged `.app`.
struct InstallPlan: Sendable {
    /// One extension of the app.
    struct Extension: Sendable {
        var identifier: String
        var point: String
        /// The `.appex` folder inside the app, such as `PlugIns/Share.appex`.
        var relativePath: String
        var displayName: String
        var appGroups: [String]
        /// Its Info.plist and executable, relative to the app (`PlugIns/Share.appex/Info.plist`).
        var infoPlistPath: String
        var executablePath: String
        /// The `NSExtension` dictionary as read, for shares to use without reading the file.
        var declaration: ExtensionDeclaration?
        /// Whether the extension or its app declares types (then a share reads the bundle).
        var declaresTypes: Bool
    }

    var identifier: String
    /// The `.app` folder's name, such as `Notes.app`.
    var bundleName: String
    var displayName: String
    var version: String?
    var shortVersion: String?
    var appGroups: [String]
    var extensions: [Extension]
    /// Findings below error severity (and the mismatches `allowMismatch` let through).
    var warnings: [LintDiagnostic]

    /// Every (group, member) pair: the app's groups and each extension's.
    var memberships: [(group: String, member: String)] {
        var pairs = appGroups.map { (group: $0, member: identifier) }
        for ext in extensions { pairs += ext.appGroups.map { (group: $0, member: ext.identifier) } }
        var seen = Set<String>()
        return pairs.filter { seen.insert($0.group + "\n" + $0.member).inserted }
    }

    /// The app's identifier and its extensions'.
    var allIdentifiers: [String] { [identifier] + extensions.map(\.identifier) }
}
