import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Every installed extension the host may run, enabled or not: the ordered ones by
    /// position, then the rest by display name (then identifier).
    ///
    /// A share reads no Info.plist (docs/REGISTRY.md, "What a share reads"): the registry
    /// keeps each extension's declaration from its install, and this process keeps what it
    /// read until the registry's generation changes (an install, an uninstall, a switch or
    /// an order, from any process). The files those records stand for — each extension's
    /// Info.plist and executable, and its app's Info.plist — are compared with their seal on
    /// every call, an `lstat` each; an app where one differs, or one installed before the
    /// registry kept declarations, is read from its copy and checked as
    /// ``inventory(checking:)`` does, which says why an extension is left out.
    public func installedExtensions() throws -> [InstalledExtension] {
        try shareCatalog().launchable
    }

    /// What a share may offer — ``installedExtensions()`` — and the recorded extensions it
    /// must leave out, each with its condition and problems, to be named rather than hidden.
    public func shareCatalog() throws(RegistryError) -> ShareCatalog {
        let snapshot = try catalog.snapshot(
            generation: { () throws(RegistryError) in try access { try database.read { try CatalogRows.generation($0) } } },
            load: { () throws(RegistryError) in CatalogSnapshot(try access { try database.read { try CatalogRows($0) } }, home: home) })
        let reread = snapshot.unready.union(catalog.changedApplications(in: snapshot, applicationsFolder: home.applicationsDirectory.path))
        guard !reread.isEmpty else { return ShareCatalog(launchable: snapshot.ordered, unavailable: []) }
        let kept = Set(snapshot.applications.map(\.identifier)).subtracting(reread)
        let inventory = try inventory(checking: .launchFiles, applications: reread)
        let launchable = snapshot.applications.filter { kept.contains($0.identifier) }.flatMap(\.extensions) + inventory.launchable
        return ShareCatalog(launchable: InstalledExtension.inUserOrder(launchable), unavailable: inventory.unavailable)
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

    /// `CFBundleDisplayName` (else `CFBundleName`), else the `.appex` folder's name.
    public static func displayName(_ ext: InstalledExtension) -> String {
        ext.displayName
    }
}
