import Foundation

/// The device's folder: installed bundles, containers, crash reports and the registry.
///
/// ```
/// Applications/<bundle-id>/Notes.app    installed copies
/// Containers/Data/<bundle-id>/          one per app and per extension: Documents/ Library/ tmp/
/// Containers/Shared/AppGroup/<group>/   one per app group: Library/Preferences/ Library/Caches/
/// CrashReports/<bundle-id>/             what the host keeps of an extension that crashed
/// Widgets/Snapshots/<bundle-id>.json     each Today widget's last view, shown before it updates
/// registry.sqlite                       installed apps and extensions, the user's choices
/// registry.lock                         held (flock) while an install moves files
/// ```
///
/// ``DataContainerLayout`` and ``AppGroupContainerLayout`` name the folders inside the
/// containers.
public struct AppexHome: Hashable, Sendable {
    /// The root folder.
    public var root: URL

    /// A home at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `APPEX_HOME`, the variable that names the home.
    public static let environmentVariable = "APPEX_HOME"

    /// The home named by the environment: `APPEX_HOME`, else `$XDG_DATA_HOME/appex`, else
    /// `~/.local/share/appex`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppexHome {
        if let home = environment[environmentVariable], !home.isEmpty {
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

    /// `Containers/Data/`, the parent of every data container.
    public var dataContainersDirectory: URL { root.appendingPathComponent("Containers/Data", isDirectory: true) }

    /// `Containers/Data/<bundle-id>/`, an app's or an extension's own data container.
    public func dataContainer(bundleIdentifier: String) -> URL {
        dataContainersDirectory.appendingPathComponent(bundleIdentifier, isDirectory: true)
    }

    /// `Containers/Shared/AppGroup/`, the parent of every app group's container.
    public var appGroupContainersDirectory: URL {
        root.appendingPathComponent("Containers/Shared/AppGroup", isDirectory: true)
    }

    /// `Containers/Shared/AppGroup/<group>/`, an app group's shared container.
    public func appGroupContainer(groupIdentifier: String) -> URL {
        appGroupContainersDirectory.appendingPathComponent(groupIdentifier, isDirectory: true)
    }

    /// `CrashReports/`, the parent of every extension's crash reports.
    public var crashReportsDirectory: URL { root.appendingPathComponent("CrashReports", isDirectory: true) }

    /// `CrashReports/<bundle-id>/`, the crash reports of one extension.
    public func crashReports(extensionIdentifier: String) -> URL {
        crashReportsDirectory.appendingPathComponent(extensionIdentifier, isDirectory: true)
    }

    /// The identifier of the installed app whose copy holds `url`
    /// (`Applications/<bundle-id>/…`), or `nil` when `url` is not inside an installed app.
    public func applicationIdentifier(containing url: URL) -> String? {
        let base = applicationsDirectory.standardizedFileURL.pathComponents
        let path = url.standardizedFileURL.pathComponents
        guard path.count > base.count, Array(path.prefix(base.count)) == base else { return nil }
        return path[base.count]
    }

    /// `Widgets/Snapshots/`: each Today widget's last state (`<bundle-id>.json`).
    public var widgetSnapshotsDirectory: URL { root.appendingPathComponent("Widgets/Snapshots", isDirectory: true) }

    /// `Photos/`: the photo library's edit store, `edits.sqlite` and a folder per edited
    /// photo holding its original and its rendered edit (docs/PHOTO-EDITING.md).
    public var photoEditsDirectory: URL { root.appendingPathComponent("Photos", isDirectory: true) }

    /// `registry.sqlite`.
    public var registryDatabase: URL { root.appendingPathComponent("registry.sqlite", isDirectory: false) }

    /// `registry.lock`, held with an exclusive `flock` while an install or uninstall moves files.
    public var registryLock: URL { root.appendingPathComponent("registry.lock", isDirectory: false) }
}
