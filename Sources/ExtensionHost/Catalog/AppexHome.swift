import Foundation

/// The device's folder: installed bundles, containers and the registry.
///
/// ```
/// Applications/<bundle-id>/Notes.app    installed copies
/// Containers/Data/<bundle-id>/          one per app and per extension: Documents/ Library/ tmp/
/// Containers/Shared/AppGroup/<group>/   one per app group: Library/Preferences/ Library/Caches/
/// registry.sqlite                       installed apps and extensions, the user's choices
/// registry.lock                         held (flock) while an install moves files
/// ```
public struct AppexHome: Hashable, Sendable {
    /// The root folder.
    public var root: URL

    /// A home at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The home named by the environment: `APPEX_HOME`, else `$XDG_DATA_HOME/appex`, else
    /// `~/.local/share/appex`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppexHome {
        if let home = environment["APPEX_HOME"], !home.isEmpty {
            return AppexHome(root: URL(fileURLWithPath: home, isDirectory: true))
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return AppexHome(root: URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("appex", isDirectory: true))
        }
        let user = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return AppexHome(root: user.appendingPathComponent(".local/share/appex", isDirectory: true))
    }

    /// `Applications/`.
    public var applicationsDirectory: URL { root.appendingPathComponent("Applications", isDirectory: true) }

    /// `Applications/<bundle-id>/`, where an app's installed copy lives.
    public func applicationDirectory(bundleIdentifier: String) -> URL {
        applicationsDirectory.appendingPathComponent(bundleIdentifier, isDirectory: true)
    }

    /// `Containers/Data/<bundle-id>/`, an app's or an extension's own data container.
    public func dataContainer(bundleIdentifier: String) -> URL {
        root.appendingPathComponent("Containers/Data", isDirectory: true)
            .appendingPathComponent(bundleIdentifier, isDirectory: true)
    }

    /// `Containers/Shared/AppGroup/<group>/`, an app group's shared container.
    public func appGroupContainer(groupIdentifier: String) -> URL {
        root.appendingPathComponent("Containers/Shared/AppGroup", isDirectory: true)
            .appendingPathComponent(groupIdentifier, isDirectory: true)
    }

    /// `registry.sqlite`.
    public var registryDatabase: URL { root.appendingPathComponent("registry.sqlite", isDirectory: false) }
}
