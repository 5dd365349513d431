import BundleSeal
import ExtensionManifest
import Foundation

/// An extension installed on the device, with the user's choices about it.
///
/// What a share needs — the identifier, the point, the name, the activation rule — is held
/// directly; the rest (the whole `NSExtension` declaration, icons, the containing app's URL
/// schemes, type declarations) may come from a ``BundleReading`` that makes it the first
/// time it is asked for. The registry makes records
/// that way, so that a share reads no Info.plist (docs/REGISTRY.md, "What a share reads").
public struct InstalledExtension: Hashable, Sendable {
    /// The extension's bundle identifier (`CFBundleIdentifier`).
    public private(set) var identifier: String
    /// The extension point (`NSExtensionPointIdentifier`).
    public private(set) var point: String?
    /// `CFBundleDisplayName` (else `CFBundleName`), else the `.appex` folder's name.
    public private(set) var displayName: String
    /// The installed `.appex` folder.
    public var bundleURL: URL {
        get { places.made.bundleURL }
        set { places = places.changing { $0.bundleURL = newValue } }
    }
    /// The extension's executable inside ``bundleURL``.
    public var executableURL: URL {
        get { places.made.executableURL }
        set { places = places.changing { $0.executableURL = newValue } }
    }
    /// The extension's own data container.
    public var dataContainerURL: URL {
        get { places.made.dataContainerURL }
        set { places = places.changing { $0.dataContainerURL = newValue } }
    }
    /// The containers of the app groups the extension belongs to, by group identifier.
    public var appGroupContainers: [String: URL] {
        get { places.made.appGroupContainers }
        set { places = places.changing { $0.appGroupContainers = newValue } }
    }
    /// Whether the user left the extension enabled.
    public var isEnabled: Bool
    /// For a keyboard: whether the person allowed it full access (iOS's "Allow Full Access");
    /// it has it only if it also asks for it (`RequestsOpenAccess`). docs/KEYBOARDS.md.
    public var allowsFullAccess = false
    /// The extension's place in the user's order (0 first); `nil` when the user did not
    /// order it (such extensions follow the ordered ones, by name).
    public var position: Int?
    /// The extension's launch files as sealed at install (its executable and Info.plist),
    /// which the host checks before every run; `nil` for an extension installed without a
    /// seal (then nothing is checked).
    public var launchSeal: LaunchSeal?
    /// The whole bundle, read when first needed.
    private var reading: BundleReading
    /// The URLs above, made when first asked for.
    private var places: Places

    /// Creates a record of a bundle already read.
    public init(bundle: ExtensionBundle, bundleURL: URL, executableURL: URL, dataContainerURL: URL,
                appGroupContainers: [String: URL] = [:], isEnabled: Bool = true, position: Int? = nil,
                launchSeal: LaunchSeal? = nil) {
        self.init(identifier: bundle.info.identifier ?? bundle.name, point: bundle.declaration?.pointIdentifier,
                  displayName: bundle.info.displayName ?? bundleURL.deletingPathExtension().lastPathComponent,
                  bundle: BundleReading(bundle), bundleURL: bundleURL, executableURL: executableURL,
                  dataContainerURL: dataContainerURL, appGroupContainers: appGroupContainers, isEnabled: isEnabled,
                  position: position, launchSeal: launchSeal)
    }

    /// Creates a record from what a catalog keeps, the bundle read by `bundle` when needed.
    public init(identifier: String, point: String?, displayName: String, bundle: BundleReading,
                bundleURL: URL, executableURL: URL, dataContainerURL: URL, appGroupContainers: [String: URL] = [:],
                isEnabled: Bool = true, position: Int? = nil, launchSeal: LaunchSeal? = nil) {
        self.init(identifier: identifier, point: point, displayName: displayName, bundle: bundle,
                  locations: Places(Locations(bundleURL: bundleURL, executableURL: executableURL, dataContainerURL: dataContainerURL,
                                              appGroupContainers: appGroupContainers)),
                  isEnabled: isEnabled, position: position, launchSeal: launchSeal)
    }

    /// Creates a record whose URLs `locations` makes when one is first asked for: a share
    /// of a thousand kept records asks for none (docs/REGISTRY.md, "What a share reads").
    package init(identifier: String, point: String?, displayName: String, bundle: BundleReading,
                 locations: @escaping @Sendable () -> Locations, isEnabled: Bool, position: Int?, launchSeal: LaunchSeal?) {
        self.init(identifier: identifier, point: point, displayName: displayName, bundle: bundle, locations: Places(locations),
                  isEnabled: isEnabled, position: position, launchSeal: launchSeal)
    }

    private init(identifier: String, point: String?, displayName: String, bundle: BundleReading, locations: Places,
                 isEnabled: Bool, position: Int?, launchSeal: LaunchSeal?) {
        self.identifier = identifier
        self.point = point
        self.displayName = displayName
        self.reading = bundle
        self.places = locations
        self.isEnabled = isEnabled
        self.position = position
        self.launchSeal = launchSeal
    }

    /// The containing app's `Frameworks/` folder, which the sandbox shows read-only
    /// (docs/BUNDLES.md): `nil` when the extension is not in an app's `PlugIns/` or the app
    /// has no frameworks.
    public var frameworksURL: URL? {
        let plugIns = bundleURL.deletingLastPathComponent()
        guard plugIns.lastPathComponent == "PlugIns" else { return nil }
        let frameworks = plugIns.deletingLastPathComponent().appendingPathComponent("Frameworks", isDirectory: true)
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: frameworks.path, isDirectory: &isDirectory) && isDirectory.boolValue ? frameworks : nil
    }

    /// The extension as read from its installed copy (its containing app included).
    public var bundle: ExtensionBundle {
        get { reading.bundle }
        set {
            identifier = newValue.info.identifier ?? newValue.name
            point = newValue.declaration?.pointIdentifier
            displayName = newValue.info.displayName ?? bundleURL.deletingPathExtension().lastPathComponent
            reading = BundleReading(newValue)
        }
    }

    /// The `NSExtension` declaration, as installed (made when first asked for).
    public var declaration: ExtensionDeclaration? { reading.declaration }

    /// Decides the extension's activation rule for a payload, with the types its bundle
    /// and its app declare known (the bundle is read only when they declare some); the
    /// decision is made at once, its explanation when first read.
    public func activation(for payload: ActivationPayload) -> ActivationDecision {
        reading.decide(payload)
    }

    public static func == (a: InstalledExtension, b: InstalledExtension) -> Bool {
        a.identifier == b.identifier && a.point == b.point && a.declaration == b.declaration && a.displayName == b.displayName
            && a.bundleURL == b.bundleURL && a.executableURL == b.executableURL && a.dataContainerURL == b.dataContainerURL
            && a.appGroupContainers == b.appGroupContainers && a.isEnabled == b.isEnabled && a.allowsFullAccess == b.allowsFullAccess && a.position == b.position
            && a.launchSeal == b.launchSeal
    }

    /// Hashes what identifies a record cheaply (equal records have equal identifiers): the
    /// URLs are left out, so that hashing a record does not make them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(isEnabled)
        hasher.combine(allowsFullAccess)
        hasher.combine(position)
    }
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
