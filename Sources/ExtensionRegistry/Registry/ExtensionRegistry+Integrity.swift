import ExtensionManifest
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Checks the registry against the home's files: SQLite's own checks, then every
    /// recorded app and extension against its installed copy and containers, and every
    /// folder in `Applications/` against the records.
    ///
    /// It holds the home's lock, so no install or uninstall is half done while it looks,
    /// and it changes nothing (scratch folders a crash left are reported, not removed).
    /// - Returns: the problems found, by subject; empty when records and files agree.
    public func checkIntegrity() throws(RegistryError) -> [RegistryIntegrityProblem] {
        try FileSystem.createDirectory(home.applicationsDirectory)
        return try lock.withLock(onFailure: RegistryError.init) { () throws(RegistryError) in
            let records = try access { try database.read { db in try IntegrityRecords(db) } }
            var problems = records.databaseProblems
            for app in records.applications { problems += check(app, records: records) }
            problems += strayFolders(records)
            for group in records.groups where !FileSystem.isDirectory(home.appGroupContainer(groupIdentifier: group)) {
                problems.append(.init(.missingContainer, subject: group,
                                      "the app group \(group) has members, but its container \(home.appGroupContainer(groupIdentifier: group).path) is missing"))
            }
            return problems.sorted { ($0.subject, $0.code.rawValue) < ($1.subject, $1.code.rawValue) }
        }
    }

    /// One app: its bundle on disk and readable, its extensions there and recorded, its
    /// containers present.
    func check(_ app: InventoryRows.Application, records: IntegrityRecords) -> [RegistryIntegrityProblem] {
        let bundle = url(relative: app.bundlePath)
        guard FileSystem.isDirectory(bundle) else {
            return [.init(.missingBundle, subject: app.identifier, "\(app.identifier) is recorded at \(bundle.path), which is not there")]
        }
        // An extension whose Info.plist is damaged is the inventory's to report (appex list,
        // appex doctor); here its folder still agrees with its record.
        let loaded: ManifestLoader.Result
        do {
            loaded = try ManifestLoader(setsAsideUnreadableExtensions: true).load(bundle.path)
        } catch {
            return [.init(.unreadableBundle, subject: app.identifier, "\(app.identifier) at \(bundle.path) cannot be read: \(error)")]
        }
        var problems: [RegistryIntegrityProblem] = []
        let recorded = records.extensions.filter { $0.application == app.identifier }
        let onDisk = Set(loaded.extensions.compactMap(\.info.identifier))
        let unreadable = Set(loaded.unreadableExtensions.map { $0.bundleURL.standardizedFileURL.path })
        for ext in recorded where !onDisk.contains(ext.identifier) && !unreadable.contains(url(relative: ext.bundlePath).standardizedFileURL.path) {
            problems.append(.init(.missingExtension, subject: ext.identifier,
                                  "\(ext.identifier) is recorded as an extension of \(app.identifier), but \(bundle.path) does not hold it"))
        }
        for identifier in onDisk.subtracting(recorded.map(\.identifier)).sorted() {
            problems.append(.init(.unrecordedExtension, subject: identifier,
                                  "\(bundle.path) holds the extension \(identifier), which the registry does not record"))
        }
        for identifier in [app.identifier] + recorded.map(\.identifier) {
            let container = home.dataContainer(bundleIdentifier: identifier)
            if !FileSystem.isDirectory(container) {
                problems.append(.init(.missingContainer, subject: identifier, "the data container of \(identifier), \(container.path), is missing"))
            }
        }
        return problems
    }

    /// Folders in `Applications/` that no app's record points into.
    func strayFolders(_ records: IntegrityRecords) -> [RegistryIntegrityProblem] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.applicationsDirectory.path)) ?? []
        let recorded = Set(records.applications.map { url(relative: $0.bundlePath).deletingLastPathComponent().lastPathComponent })
        return names.sorted().compactMap { name in
            let folder = home.applicationsDirectory.appendingPathComponent(name)
            if Self.scratchPrefixes.contains(where: name.hasPrefix) {
                return .init(.leftoverScratch, subject: name, "\(folder.path) was left by an interrupted install or uninstall")
            }
            if recorded.contains(name) { return nil }
            return .init(.strayFolder, subject: name, "\(folder.path) belongs to no installed app")
        }
    }
}

/// The registry's rows, read in one transaction for ``ExtensionRegistry/checkIntegrity()``.
struct IntegrityRecords {
    /// The apps and extensions, as the inventory reads them.
    var rows: InventoryRows
    var applications: [InventoryRows.Application] { rows.applications }
    var extensions: [InventoryRows.Extension] { rows.extensions }
    /// The app groups that have members.
    var groups: [String]
    var databaseProblems: [RegistryIntegrityProblem] = []

    init(_ db: Database) throws {
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        if integrity != ["ok"] {
            databaseProblems.append(.init(.database, subject: "registry.sqlite", "PRAGMA integrity_check: \(integrity.joined(separator: "; "))"))
        }
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let table: String = row[0]
            let parent: String = row[2]
            databaseProblems.append(.init(.database, subject: "registry.sqlite", "a row of \(table) refers to a missing row of \(parent)"))
        }
        rows = try InventoryRows(db, seals: false)
        groups = try String.fetchAll(db, sql: "SELECT DISTINCT groupIdentifier FROM appGroupMember ORDER BY 1")
    }
}
