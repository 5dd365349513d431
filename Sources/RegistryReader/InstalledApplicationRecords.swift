import DeviceLayout
import Foundation
import GRDB

/// One installed app as the registry recorded it: what a service needs to know an app by
/// its executable.
package struct InstalledApplicationRecord: Sendable, Equatable {
    /// The app's bundle identifier.
    package var identifier: String
    /// Its installed bundle (`Apps/<id>.app` in the home).
    package var bundleURL: URL
    /// The app groups the app and its extensions belong to.
    package var appGroups: [String]

    package init(identifier: String, bundleURL: URL, appGroups: [String]) {
        self.identifier = identifier
        self.bundleURL = bundleURL
        self.appGroups = appGroups
    }
}

/// The installed apps, read from the registry's database without opening the registry
/// itself: no lock, no migration, no module of the host. For a process that only asks who
/// an app is (the transfer service), which must not link the registry's installer, the
/// extension host and all they bring (docs/ARCHITECTURE.md).
///
/// It reads two tables of the schema (docs/REGISTRY.md, `RegistrySchema`): `application`
/// and `appGroupMember`. `InstalledApplicationRecordsTests` compares it with the registry's
/// own `installedApplications()`, so a change of the schema cannot leave it behind.
package enum InstalledApplicationRecords {
    /// Why the registry could not be read.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The apps installed in `home`, by identifier; none when nothing was ever installed
    /// (no database). Blocking (SQLite): call it off Swift's shared threads.
    package static func read(home: AppexHome) throws(Failure) -> [InstalledApplicationRecord] {
        let path = home.registryDatabase.path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                let groups = try Row.fetchAll(db, sql: "SELECT DISTINCT applicationIdentifier, groupIdentifier FROM appGroupMember ORDER BY 1, 2")
                    .reduce(into: [String: [String]]()) { $0[$1["applicationIdentifier"], default: []].append($1["groupIdentifier"]) }
                return try Row.fetchAll(db, sql: "SELECT identifier, bundlePath FROM application ORDER BY identifier").map { row in
                    let identifier: String = row["identifier"]
                    let bundlePath: String = row["bundlePath"]
                    return InstalledApplicationRecord(identifier: identifier, bundleURL: home.root.appendingPathComponent(bundlePath),
                                                      appGroups: groups[identifier] ?? [])
                }
            }
        } catch {
            throw Failure(description: "cannot read the installed apps from \(path): \(error)")
        }
    }
}
