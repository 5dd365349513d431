import ExtensionManifest
import Foundation

/// An app as the registry recorded it.
public struct InstalledApplication: Hashable, Sendable {
    /// `CFBundleIdentifier`.
    public var identifier: String
    /// The installed `.app` folder (`Applications/<id>/<Name>.app`).
    public var bundleURL: URL
    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name.
    public var displayName: String
    /// `CFBundleVersion`.
    public var version: String?
    /// `CFBundleShortVersionString`.
    public var shortVersion: String?
    /// The app's extensions' identifiers, sorted.
    public var extensionIdentifiers: [String]
    /// The app groups the app or any of its extensions belong to, sorted.
    public var appGroups: [String]

    /// Creates a record.
    public init(identifier: String, bundleURL: URL, displayName: String, version: String? = nil, shortVersion: String? = nil,
                extensionIdentifiers: [String] = [], appGroups: [String] = []) {
        self.identifier = identifier
        self.bundleURL = bundleURL
        self.displayName = displayName
        self.version = version
        self.shortVersion = shortVersion
        self.extensionIdentifiers = extensionIdentifiers
        self.appGroups = appGroups
    }
}

/// What an install did.
public struct InstallResult: Hashable, Sendable {
    /// The app as recorded.
    public var application: InstalledApplication
    /// Whether an earlier version of the app was replaced (its containers and the user's
    /// choices kept).
    public var isUpgrade: Bool
    /// Findings below error severity, the mismatches `allowMismatch` let through included.
    public var warnings: [LintDiagnostic]
    /// Extensions the earlier version had and this one does not; their containers were removed.
    public var removedExtensions: [String]
    /// The installed extensions of a point Appex does not host (identifier → point): they
    /// are recorded, and never run (``ExtensionPoint/document``).
    public var unhostedExtensions: [String: String]

    /// Creates a result.
    public init(application: InstalledApplication, isUpgrade: Bool, warnings: [LintDiagnostic] = [],
                removedExtensions: [String] = [], unhostedExtensions: [String: String] = [:]) {
        self.application = application
        self.isUpgrade = isUpgrade
        self.warnings = warnings
        self.removedExtensions = removedExtensions
        self.unhostedExtensions = unhostedExtensions
    }
}

/// What an uninstall removed.
public struct UninstallResult: Hashable, Sendable {
    /// The app's bundle identifier.
    public var identifier: String
    /// Its extensions, whose data containers went with it.
    public var removedExtensions: [String]
    /// The app groups that lost their last member, whose containers were removed.
    public var removedAppGroups: [String]

    /// Creates a result.
    public init(identifier: String, removedExtensions: [String], removedAppGroups: [String]) {
        self.identifier = identifier
        self.removedExtensions = removedExtensions
        self.removedAppGroups = removedAppGroups
    }
}
