import BundleSeal
import ExtensionManifest
import DeviceLayout
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Validates and installs the `.app` at `source`, or upgrades the installed app with the
    /// same identifier (keeping its containers and the user's enable/order choices).
    ///
    /// The bundle is copied into `Applications/` first and the copy is what gets validated
    /// and installed. Refusals and failures leave the home as it was.
    /// - Throws: ``RegistryError``; ``RegistryError/isRefusal`` tells a refused bundle from a failure.
    @discardableResult
    public func install(appAt source: URL, options: InstallOptions = InstallOptions()) throws(RegistryError) -> InstallResult {
        let source = source.standardizedFileURL
        guard FileSystem.exists(source) else { throw RegistryError(.notFound, "\(source.path): no such file or directory") }
        guard source.pathExtension == "app", FileSystem.isDirectory(source) else {
            throw RegistryError(.notAnApplication, "\(source.path) is not an .app bundle (a folder whose name ends in .app)")
        }
        return try withHomeLock { () throws(RegistryError) in
            let staging = home.applicationsDirectory.appendingPathComponent(FileSystem.uniqueName(".staging-"))
            try FileSystem.createDirectory(staging)
            defer { FileSystem.removeQuietly(staging) }
            let staged = staging.appendingPathComponent(source.lastPathComponent)
            try FileSystem.copy(source, to: staged)
            try Self.checkCarriedSeal(staged: staged, source: source)
            let plan = try validate(staged: staged, source: source, options: options)
            let seal = try Self.seal(staged: staged, source: source)
            return try record(plan, seal: seal, staging: staging)
        }
    }

    /// Loads and checks the staged copy.
    func validate(staged: URL, source: URL, options: InstallOptions) throws(RegistryError) -> InstallPlan {
        let loaded: ManifestLoader.Result
        do {
            loaded = try ManifestLoader().load(staged.path)
        } catch {
            var message = "\(error)"
            if message.hasPrefix(staged.path) { message = source.path + message.dropFirst(staged.path.count) }
            throw RegistryError(.unreadableBundle, message.replacingOccurrences(of: staged.path + "/", with: source.path + "/"))
        }
        return try InstallValidator(options: options, stagedApp: staged, sourcePath: source.path).validate(loaded)
    }

    /// Checks the staged copy against the seal the bundle carries, if any: a bundle changed
    /// after `appex bundle` is refused, naming the files (before anything else is read, so
    /// that the change is what the refusal names).
    static func checkCarriedSeal(staged: URL, source: URL) throws(RegistryError) {
        let difference: SealDifference
        do {
            guard let found = try BundleSeal.differenceFromEmbedded(in: staged) else { return }
            difference = found
        } catch {
            throw RegistryError(.unreadableBundle, "\(source.path): \(error.message)")
        }
        if !difference.isEmpty {
            throw RegistryError(.bundleModified, "\(source.path) was changed after it was bundled (\(difference.summary)); "
                + "bundle it again with appex bundle")
        }
    }

    /// Seals the staged copy as it will be installed. The copy keeps its inodes and times
    /// when the staging folder is renamed into place.
    static func seal(staged: URL, source: URL) throws(RegistryError) -> BundleSeal {
        do {
            return try BundleSeal.make(of: staged)
        } catch {
            throw RegistryError(.unreadableBundle, "\(source.path): \(error.message)")
        }
    }

    /// Records the plan and the seal in one transaction and moves the staged copy into place.
    func record(_ plan: InstallPlan, seal: BundleSeal, staging: URL) throws(RegistryError) -> InstallResult {
        let destination = home.applicationDirectory(bundleIdentifier: plan.identifier)
        let previous = home.applicationsDirectory.appendingPathComponent(FileSystem.uniqueName(".previous-"))
        var changes = InstallChanges()
        do {
            try database.write { db in
                try checkConflicts(plan, db)
                changes.isUpgrade = try Bool.fetchOne(db, sql: "SELECT 1 FROM application WHERE identifier = ?",
                                                      arguments: [plan.identifier]) ?? false
                let kept = Set(plan.extensions.map(\.identifier))
                changes.removedExtensions = try String.fetchAll(db, sql: "SELECT identifier FROM extension WHERE applicationIdentifier = ? ORDER BY identifier",
                                                                arguments: [plan.identifier]).filter { !kept.contains($0) }
                let oldGroups = try groups(of: plan.identifier, db)
                try write(plan, db)
                try write(seal, of: plan.identifier, db)
                changes.orphanedGroups = try oldGroups.filter { try !hasMembers($0, db) }
                try createContainers(plan, createdInto: &changes.createdContainers)
                if FileSystem.exists(destination) {
                    try FileSystem.rename(destination, to: previous)
                    changes.movedPrevious = true
                }
                try FileSystem.rename(staging, to: destination)
                changes.movedNew = true
            }
        } catch {
            if changes.movedNew { try? FileSystem.rename(destination, to: staging) }
            if changes.movedPrevious { try? FileSystem.rename(previous, to: destination) }
            for url in changes.createdContainers.reversed() { FileSystem.removeQuietly(url) }
            if let error = error as? RegistryError { throw error }
            throw RegistryError(.database, "\(home.registryDatabase.path): \(error)")
        }
        FileSystem.removeQuietly(previous)
        for id in changes.removedExtensions { FileSystem.removeQuietly(home.dataContainer(bundleIdentifier: id)) }
        for group in changes.orphanedGroups { FileSystem.removeQuietly(home.appGroupContainer(groupIdentifier: group)) }
        let application = InstalledApplication(
            identifier: plan.identifier, bundleURL: destination.appendingPathComponent(plan.bundleName),
            displayName: plan.displayName, version: plan.version, shortVersion: plan.shortVersion,
            extensionIdentifiers: plan.extensions.map(\.identifier).sorted(),
            appGroups: Array(Set(plan.memberships.map(\.group))).sorted())
        let unhosted = plan.extensions.filter { !ExtensionPoint.isSupported($0.point) }
        return InstallResult(application: application, isUpgrade: changes.isUpgrade, warnings: plan.warnings,
                             removedExtensions: changes.removedExtensions,
                             unhostedExtensions: Dictionary(uniqueKeysWithValues: unhosted.map { ($0.identifier, $0.point) }))
    }

    /// Refuses identifiers another app already uses, as its own or an extension's.
    func checkConflicts(_ plan: InstallPlan, _ db: Database) throws {
        for id in plan.allIdentifiers {
            if let owner = try String.fetchOne(db, sql: "SELECT applicationIdentifier FROM extension WHERE identifier = ? AND applicationIdentifier != ?",
                                               arguments: [id, plan.identifier]) {
                throw RegistryError(.identifierInUse, "\(id) is already installed as an extension of \(owner)")
            }
            if id != plan.identifier,
               try Bool.fetchOne(db, sql: "SELECT 1 FROM application WHERE identifier = ?", arguments: [id]) ?? false {
                throw RegistryError(.identifierInUse, "the extension identifier \(id) is already installed as an app")
            }
        }
    }

    /// Writes the app's rows: the app replaced, extensions upserted (keeping the user's
    /// choices), memberships rewritten.
    func write(_ plan: InstallPlan, _ db: Database) throws {
        let bundlePath = relative(home.applicationDirectory(bundleIdentifier: plan.identifier).appendingPathComponent(plan.bundleName))
        try db.execute(sql: """
            INSERT INTO application (identifier, bundlePath, displayName, version, shortVersion) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(identifier) DO UPDATE SET bundlePath = excluded.bundlePath, displayName = excluded.displayName,
                version = excluded.version, shortVersion = excluded.shortVersion
            """, arguments: [plan.identifier, bundlePath, plan.displayName, plan.version, plan.shortVersion])
        try db.execute(sql: "DELETE FROM appGroupMember WHERE applicationIdentifier = ?", arguments: [plan.identifier])
        let kept = plan.extensions.map(\.identifier)
        try db.execute(sql: "DELETE FROM extension WHERE applicationIdentifier = ? AND identifier NOT IN (SELECT value FROM json_each(?))",
                       arguments: [plan.identifier, Self.jsonArray(kept)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for ext in plan.extensions {
            let declaration = String(decoding: try encoder.encode(ext.declaration), as: UTF8.self)
            let rule = try KeptRule(ext.declaration?.activationRule ?? .missing)
            try db.execute(sql: """
                INSERT INTO extension (identifier, applicationIdentifier, point, bundlePath, displayName, infoPlistPath,
                                       executablePath, declaration, declaresTypes, ruleForm, ruleText)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(identifier) DO UPDATE SET point = excluded.point, bundlePath = excluded.bundlePath,
                    displayName = excluded.displayName, infoPlistPath = excluded.infoPlistPath,
                    executablePath = excluded.executablePath, declaration = excluded.declaration,
                    declaresTypes = excluded.declaresTypes, ruleForm = excluded.ruleForm, ruleText = excluded.ruleText
                """, arguments: [ext.identifier, plan.identifier, ext.point, bundlePath + "/" + ext.relativePath, ext.displayName,
                                  ext.infoPlistPath, ext.executablePath, declaration, ext.declaresTypes, rule.form, rule.text])
        }
        for (group, member) in plan.memberships {
            try db.execute(sql: "INSERT INTO appGroupMember (groupIdentifier, memberIdentifier, applicationIdentifier) VALUES (?, ?, ?)",
                           arguments: [group, member, plan.identifier])
        }
    }

    /// Replaces the app's seal rows.
    func write(_ seal: BundleSeal, of application: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM sealedFile WHERE applicationIdentifier = ?", arguments: [application])
        let statement = try db.makeStatement(sql: """
            INSERT INTO sealedFile (applicationIdentifier, path, size, sha256, device, inode, modified, changed)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for file in seal.files {
            let print = file.fingerprint ?? FileFingerprint(device: 0, inode: 0, size: -1, modified: 0, changed: 0)
            try statement.execute(arguments: [application, file.path, file.size, file.sha256, Int64(bitPattern: print.device),
                                              Int64(bitPattern: print.inode), print.modified, print.changed])
        }
    }

    /// Creates the data containers and app-group containers that do not exist yet, noting
    /// each folder created so that a failed install can remove it.
    func createContainers(_ plan: InstallPlan, createdInto created: inout [URL]) throws {
        func make(_ root: URL, _ subfolders: [URL]) throws {
            if !FileSystem.exists(root) {
                try FileSystem.createDirectory(root)
                created.append(root)
            }
            for sub in subfolders { try FileSystem.createDirectory(sub) }
        }
        for id in plan.allIdentifiers {
            let container = home.dataContainer(bundleIdentifier: id)
            try make(container, DataContainerLayout(root: container).standardDirectories)
        }
        for group in Set(plan.memberships.map(\.group)).sorted() {
            let container = home.appGroupContainer(groupIdentifier: group)
            try make(container, AppGroupContainerLayout(root: container).standardDirectories)
        }
    }

    static func jsonArray(_ strings: [String]) -> String {
        let data = (try? JSONEncoder().encode(strings)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// What an install changed so far, to undo on failure and finish on success.
struct InstallChanges {
    var isUpgrade = false
    var removedExtensions: [String] = []
    var orphanedGroups: [String] = []
    var createdContainers: [URL] = []
    var movedPrevious = false
    var movedNew = false
}
