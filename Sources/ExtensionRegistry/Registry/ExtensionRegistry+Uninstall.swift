import Foundation
import GRDB

extension ExtensionRegistry {
    /// Removes an installed app: its copy, its extensions, their data containers, and the
    /// container of each app group that loses its last member.
    /// - Returns: what was removed.
    /// - Throws: ``RegistryError`` with ``RegistryError/Code/notInstalled`` for an unknown identifier
    ///   (naming the app when `bundleIdentifier` is one of its extensions).
    @discardableResult
    public func uninstall(bundleIdentifier: String) throws(RegistryError) -> UninstallResult {
        try withHomeLock { () throws(RegistryError) -> UninstallResult in
            let removing = home.applicationsDirectory.appendingPathComponent(FileSystem.uniqueName(".removing-"))
            let folder = home.applicationDirectory(bundleIdentifier: bundleIdentifier)
            var extensions: [String] = []
            var orphaned: [String] = []
            var moved = false
            do {
                try database.write { db in
                    guard try Bool.fetchOne(db, sql: "SELECT 1 FROM application WHERE identifier = ?", arguments: [bundleIdentifier]) ?? false else {
                        if let app = try String.fetchOne(db, sql: "SELECT applicationIdentifier FROM extension WHERE identifier = ?", arguments: [bundleIdentifier]) {
                            throw RegistryError(.notInstalled, "\(bundleIdentifier) is an extension of \(app); uninstall the app (appex uninstall \(app)) or disable the extension")
                        }
                        throw RegistryError(.notInstalled, "no installed app has the identifier \(bundleIdentifier)")
                    }
                    extensions = try String.fetchAll(db, sql: "SELECT identifier FROM extension WHERE applicationIdentifier = ?", arguments: [bundleIdentifier])
                    let groups = try groups(of: bundleIdentifier, db)
                    try db.execute(sql: "DELETE FROM application WHERE identifier = ?", arguments: [bundleIdentifier])
                    orphaned = try groups.filter { try !hasMembers($0, db) }
                    if FileSystem.exists(folder) {
                        try FileSystem.rename(folder, to: removing)
                        moved = true
                    }
                }
            } catch {
                if moved { try? FileSystem.rename(removing, to: folder) }
                if let error = error as? RegistryError { throw error }
                throw RegistryError(.database, "\(home.registryDatabase.path): \(error)")
            }
            FileSystem.removeQuietly(removing)
            for id in [bundleIdentifier] + extensions { FileSystem.removeQuietly(home.dataContainer(bundleIdentifier: id)) }
            for group in orphaned { FileSystem.removeQuietly(home.appGroupContainer(groupIdentifier: group)) }
            return UninstallResult(identifier: bundleIdentifier, removedExtensions: extensions.sorted(), removedAppGroups: orphaned.sorted())
        }
    }

    /// The app groups an app or its extensions belong to.
    func groups(of application: String, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT groupIdentifier FROM appGroupMember WHERE applicationIdentifier = ? ORDER BY 1",
                            arguments: [application])
    }

    /// Whether any installed app or extension still belongs to `group`.
    func hasMembers(_ group: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM appGroupMember WHERE groupIdentifier = ? LIMIT 1", arguments: [group]) ?? false
    }
}
