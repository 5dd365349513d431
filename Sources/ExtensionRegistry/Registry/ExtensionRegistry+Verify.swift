import ExtensionManifest
import BundleSeal
import Foundation
import GRDB

/// What ``ExtensionRegistry/verify(_:)`` found: an installed app or extension, hashed in
/// full against the seal taken at install.
public struct SealVerification: Hashable, Sendable {
    /// The app or extension asked about.
    public var identifier: String
    /// Its app.
    public var applicationIdentifier: String
    /// The installed folder checked (the `.app`, or the extension's `.appex`), relative to the home.
    public var bundlePath: String
    /// How it differs from its seal, by path inside the app; empty when it is as sealed.
    public var difference: SealDifference
}

extension ExtensionRegistry {
    /// Hashes every file of an installed app (or of one extension's folder) and compares
    /// it with the seal taken at install.
    /// - Throws: ``RegistryError`` with ``RegistryError/Code/notInstalled`` for an unknown
    ///   identifier, ``RegistryError/Code/notSealed`` for an app installed before seals.
    public func verify(_ identifier: String) throws(RegistryError) -> SealVerification {
        let rows = try access { try database.read { db in try InventoryRows(db) } }
        let asExtension = rows.extensions.first { $0.identifier == identifier }
        guard let app = rows.applications.first(where: { $0.identifier == (asExtension?.application ?? identifier) }) else {
            throw RegistryError(.notInstalled, "no installed app or extension has the identifier \(identifier)")
        }
        guard let seal = rows.seals[app.identifier] else {
            throw RegistryError(.notSealed, "\(app.identifier) was installed before Appex sealed bundles; install it again to seal it")
        }
        let root = url(relative: app.bundlePath)
        guard FileSystem.isDirectory(root) else {
            return SealVerification(identifier: identifier, applicationIdentifier: app.identifier, bundlePath: app.bundlePath,
                                    difference: SealDifference(missing: seal.files.map(\.path)))
        }
        var difference: SealDifference
        do {
            difference = try seal.difference(from: root)
        } catch {
            throw RegistryError(.fileSystem, error.message)
        }
        var path = app.bundlePath
        if let asExtension {
            let folder = self.folder(of: asExtension, in: app)
            difference = difference.restricted(to: folder)
            path = asExtension.bundlePath
        }
        return SealVerification(identifier: identifier, applicationIdentifier: app.identifier, bundlePath: path, difference: difference)
    }
}

extension ExtensionRegistry {
    /// An installed app's executable (`CFBundleExecutable`) and its launch files as sealed
    /// at install (its Info.plist and executable), for starting it as the system would.
    /// - Returns: the executable and the launch seal (`nil` for an app installed before seals).
    /// - Throws: ``RegistryError`` naming the app when it cannot be read.
    public func launch(of app: InstalledApplication) throws(RegistryError) -> (executable: URL, seal: LaunchSeal?) {
        let identifier = app.identifier
        let loaded: ManifestLoader.Result
        do {
            loaded = try ManifestLoader(setsAsideUnreadableExtensions: true).load(app.bundleURL.path)
        } catch {
            throw RegistryError(.unreadableBundle, "\(identifier) cannot be read (install it again): \(error.message)")
        }
        let name = loaded.application?.info.executable ?? app.bundleURL.deletingPathExtension().lastPathComponent
        let executable = app.bundleURL.appendingPathComponent(name)
        let info = ManifestLoader.infoPlist(in: app.bundleURL) ?? app.bundleURL.appendingPathComponent("Info.plist")
        let root = app.bundleURL.standardizedFileURL.path
        let paths = [info, executable].map { String($0.standardizedFileURL.path.dropFirst(root.count + 1)) }
        let sealed = try access {
            try database.read { db in
                try Bool.fetchOne(db, sql: "SELECT 1 FROM sealedFile WHERE applicationIdentifier = ? LIMIT 1", arguments: [identifier]) ?? false
            }
        }
        guard sealed else { return (executable, nil) }
        return (executable, LaunchSeal(bundleRoot: app.bundleURL, files: try sealedFiles(of: identifier, at: paths)))
    }
}
