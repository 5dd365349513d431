import BundleSeal
import ExtensionManifest
import Foundation

/// An extension installed on the device, with the user's choices about it.
public struct InstalledExtension: Hashable, Sendable {
    /// The extension as read from its installed copy (its containing app included).
    public var bundle: ExtensionBundle
    /// The installed `.appex` folder.
    public var bundleURL: URL
    /// The extension's executable inside ``bundleURL``.
    public var executableURL: URL
    /// The extension's own data container.
    public var dataContainerURL: URL
    /// The containers of the app groups the extension belongs to, by group identifier.
    public var appGroupContainers: [String: URL]
    /// Whether the user left the extension enabled.
    public var isEnabled: Bool
    /// The extension's place in the user's order (0 first); `nil` when the user did not
    /// order it (such extensions follow the ordered ones, by name).
    public var position: Int?
    /// The extension's launch files as sealed at install (its executable and Info.plist),
    /// which the host checks before every run; `nil` for an extension installed without a
    /// seal (then nothing is checked).
    public var launchSeal: LaunchSeal?

    /// Creates a record.
    public init(bundle: ExtensionBundle, bundleURL: URL, executableURL: URL, dataContainerURL: URL,
                appGroupContainers: [String: URL] = [:], isEnabled: Bool = true, position: Int? = nil,
                launchSeal: LaunchSeal? = nil) {
        self.bundle = bundle
        self.bundleURL = bundleURL
        self.executableURL = executableURL
        self.dataContainerURL = dataContainerURL
        self.appGroupContainers = appGroupContainers
        self.isEnabled = isEnabled
        self.position = position
        self.launchSeal = launchSeal
    }

    /// The extension's bundle identifier (`CFBundleIdentifier`).
    public var identifier: String { bundle.info.identifier ?? bundle.name }

    /// The extension point (`NSExtensionPointIdentifier`).
    public var point: String? { bundle.declaration?.pointIdentifier }
}

/// Where a host finds the installed extensions: the SQLite registry on a device, or a
/// fixed list in tests.
public protocol ExtensionCatalog: Sendable {
    /// Every installed extension, enabled or not, in the user's order.
    func installedExtensions() throws -> [InstalledExtension]
}

/// A catalog over a fixed list, for tests and embedding.
public struct FixedCatalog: ExtensionCatalog {
    /// The extensions.
    public var extensions: [InstalledExtension]

    /// A catalog of `extensions`.
    public init(_ extensions: [InstalledExtension]) {
        self.extensions = extensions
    }

    public func installedExtensions() throws -> [InstalledExtension] { extensions }
}
