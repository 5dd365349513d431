import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Every installed extension the host may run, enabled or not: the ordered ones by
    /// position, then the rest by display name (then identifier).
    ///
    /// Each installed copy is read again, so the manifest on disk is the truth, and each
    /// extension's launch files are checked against the seal. A damaged extension, or one
    /// whose executable or Info.plist changed, is left out; ``inventory(checking:)`` says why.
    public func installedExtensions() throws -> [InstalledExtension] {
        try inventory(checking: .launchFiles).launchable
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
