import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Every installed extension, enabled or not: the ordered ones by position, then the
    /// rest by display name (then identifier).
    ///
    /// Each installed copy is read again, so the manifest on disk is the truth; an extension
    /// whose copy can no longer be read is left out.
    public func installedExtensions() throws -> [InstalledExtension] {
        let rows = try access {
            try database.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT e.identifier, e.applicationIdentifier, e.isEnabled, e.position, a.bundlePath AS appPath
                    FROM extension e JOIN application a ON a.identifier = e.applicationIdentifier
                    """)
            }
        }
        var loaded: [String: [String: ExtensionBundle]] = [:]
        var result: [InstalledExtension] = []
        for row in rows {
            let appPath: String = row["appPath"]
            let identifier: String = row["identifier"]
            if loaded[appPath] == nil {
                let bundles = (try? ManifestLoader().load(url(relative: appPath).path).extensions) ?? []
                loaded[appPath] = Dictionary(bundles.compactMap { b in b.info.identifier.map { ($0, b) } }, uniquingKeysWith: { a, _ in a })
            }
            guard let bundle = loaded[appPath]?[identifier], let bundleURL = bundle.bundleURL else { continue }
            let executable = bundleURL.appendingPathComponent(bundle.info.executable ?? bundleURL.deletingPathExtension().lastPathComponent)
            let groups = Dictionary(bundle.appGroups.map { ($0, home.appGroupContainer(groupIdentifier: $0)) }, uniquingKeysWith: { a, _ in a })
            result.append(InstalledExtension(bundle: bundle, bundleURL: bundleURL, executableURL: executable,
                                             dataContainerURL: home.dataContainer(bundleIdentifier: identifier),
                                             appGroupContainers: groups, isEnabled: row["isEnabled"], position: row["position"]))
        }
        return result.sorted(by: Self.userOrder)
    }

    /// The installed apps, by identifier.
    public func installedApplications() throws(RegistryError) -> [InstalledApplication] {
        try access {
            try database.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM application ORDER BY identifier").map { row in
                    let id: String = row["identifier"]
                    return InstalledApplication(
                        identifier: id, bundleURL: url(relative: row["bundlePath"]), displayName: row["displayName"],
                        version: row["version"], shortVersion: row["shortVersion"],
                        extensionIdentifiers: try String.fetchAll(db, sql: "SELECT identifier FROM extension WHERE applicationIdentifier = ? ORDER BY 1", arguments: [id]),
                        appGroups: try groups(of: id, db))
                }
            }
        }
    }

    /// The user's order: positions first, then display names, then identifiers.
    static func userOrder(_ a: InstalledExtension, _ b: InstalledExtension) -> Bool {
        InstalledExtension.userOrder(a, b)
    }

    /// `CFBundleDisplayName` (else `CFBundleName`), else the `.appex` folder's name.
    public static func displayName(_ ext: InstalledExtension) -> String {
        ext.displayName
    }
}
