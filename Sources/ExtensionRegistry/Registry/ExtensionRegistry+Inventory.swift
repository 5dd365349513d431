import BundleSeal
import ExtensionHost
import ExtensionManifest
import Foundation
import GRDB

extension ExtensionRegistry {
    /// Every installed app and extension with its condition, reading each installed copy
    /// again (the copy on disk is the truth) and checking it against its seal.
    ///
    /// An app whose copy cannot be read leaves out only what it must: an extension with a
    /// broken Info.plist is damaged, and its siblings still run.
    public func inventory(checking depth: SealCheckDepth = .launchFiles) throws(RegistryError) -> RegistryInventory {
        let rows = try access { try database.read { db in try InventoryRows(db, seals: depth == .allFiles) } }
        var inventory = RegistryInventory(applications: [], extensions: [])
        for app in rows.applications {
            let extensions = rows.extensions.filter { $0.application == app.identifier }
            // A share needs only the launch files' rows: fetched for them alone, so that the
            // cost does not grow with the number of files every installed app holds.
            let seal = depth == .allFiles ? rows.seals[app.identifier]
                : try sealedFiles(of: app.identifier, directlyIn: extensions.map { folder(of: $0, in: app) })
            let (application, entries) = take(app, extensions: extensions, seal: seal, depth: depth)
            inventory.applications.append(application)
            inventory.extensions += entries
        }
        let launchable = inventory.extensions.compactMap { entry in entry.installed.map { (entry, $0) } }
            .sorted { Self.userOrder($0.1, $1.1) }.map(\.0)
        inventory.extensions = launchable + inventory.unavailable.sorted { $0.identifier < $1.identifier }
        return inventory
    }

    /// One app and its extensions.
    func take(_ app: InventoryRows.Application, extensions: [InventoryRows.Extension], seal: BundleSeal?,
              depth: SealCheckDepth) -> (RegistryInventory.Application, [RegistryInventory.Extension]) {
        let appURL = url(relative: app.bundlePath)
        var application = RegistryInventory.Application(identifier: app.identifier, displayName: app.displayName,
                                                        bundlePath: app.bundlePath, condition: seal == nil ? .unsealed : .intact,
                                                        problems: [])
        func entry(_ row: InventoryRows.Extension) -> RegistryInventory.Extension {
            RegistryInventory.Extension(identifier: row.identifier, applicationIdentifier: app.identifier, point: row.point,
                                        displayName: row.displayName, isEnabled: row.isEnabled, position: row.position,
                                        bundlePath: row.bundlePath, condition: application.condition, problems: [], installed: nil)
        }
        func damagedApp(_ problem: String) -> (RegistryInventory.Application, [RegistryInventory.Extension]) {
            application.condition = .damaged
            application.problems = [problem]
            return (application, extensions.map { row in
                var item = entry(row)
                item.condition = .damaged
                item.problems = ["its app \(app.identifier) is damaged: \(problem)"]
                return item
            })
        }
        guard FileSystem.isDirectory(appURL) else { return damagedApp("\(appURL.path) is gone") }
        let loaded: ManifestLoader.Result
        do {
            loaded = try ManifestLoader(setsAsideUnreadableExtensions: true).load(appURL.path)
        } catch {
            return damagedApp("\(error.message)")
        }
        var difference = SealDifference()
        if depth == .allFiles, let seal {
            do {
                difference = try seal.quickDifference(from: appURL)
            } catch {
                return damagedApp(error.message)
            }
        }
        let bundles = Dictionary(loaded.extensions.compactMap { b in b.info.identifier.map { ($0, b) } }, uniquingKeysWith: { a, _ in a })
        let folders = extensions.map { folder(of: $0, in: app) }
        var entries: [RegistryInventory.Extension] = []
        for row in extensions {
            var item = entry(row)
            let folder = folder(of: row, in: app)
            guard let bundle = bundles[row.identifier], let bundleURL = bundle.bundleURL else {
                item.condition = .damaged
                item.problems = [why(row, isMissingFrom: loaded)]
                entries.append(item)
                continue
            }
            let executableName = bundle.info.executable ?? bundleURL.deletingPathExtension().lastPathComponent
            let executable = bundleURL.appendingPathComponent(executableName)
            guard FileSystem.isExecutableRegularFile(executable) else {
                item.condition = .damaged
                item.problems = ["its executable \(executable.path) is missing or not executable"]
                entries.append(item)
                continue
            }
            let launchPaths = [folder + "Info.plist", folder + executableName]
            let launchSeal = seal.map { seal in LaunchSeal(bundleRoot: appURL, files: seal.files.filter { launchPaths.contains($0.path) }) }
            if let launchSeal, launchSeal.files.count < launchPaths.count {
                // An Info.plist that now names an executable the bundle did not have at install.
                item.condition = .modified
                item.problems = ["\(launchPaths.filter { path in !launchSeal.files.contains { $0.path == path } }.joined(separator: ", ")) "
                    + "was not in the bundle when it was installed: it will not run"]
                entries.append(item)
                continue
            }
            if let mismatch = launchSeal?.check() {
                item.condition = .modified
                item.problems = ["\(mismatch): it will not run"]
                entries.append(item)
                continue
            }
            let own = difference.restricted(to: folder)
            if !own.isEmpty {
                item.condition = .modified
                item.problems = [own.summary]
            }
            let groups = Dictionary(bundle.appGroups.map { ($0, home.appGroupContainer(groupIdentifier: $0)) }, uniquingKeysWith: { a, _ in a })
            item.installed = InstalledExtension(bundle: bundle, bundleURL: bundleURL, executableURL: executable,
                                                dataContainerURL: home.dataContainer(bundleIdentifier: row.identifier),
                                                appGroupContainers: groups, isEnabled: row.isEnabled, position: row.position,
                                                launchSeal: launchSeal)
            entries.append(item)
        }
        let appOwn = difference.restricted(to: nil, excluding: folders)
        if !appOwn.isEmpty {
            application.condition = .modified
            application.problems = [appOwn.summary]
        }
        return (application, entries)
    }

    /// The sealed files of `application` directly inside the given extension folders (an
    /// extension's launch files are among them), or `nil` when the app has no seal.
    func sealedFiles(of application: String, directlyIn folders: [String]) throws(RegistryError) -> BundleSeal? {
        try access {
            try database.read { db in
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sealedFile WHERE applicationIdentifier = ? LIMIT 1",
                                        arguments: [application]) ?? false else { return nil }
                var files: [SealedFile] = []
                for folder in folders {
                    // Through the primary key's index: paths from the folder on, with no '/' after it.
                    let rows = try Row.fetchAll(db, sql: """
                        SELECT * FROM sealedFile WHERE applicationIdentifier = ? AND path > ? AND path < ?
                            AND instr(substr(path, length(?) + 1), '/') = 0
                        """, arguments: [application, folder, folder + "\u{FFFF}", folder])
                    files += rows.map(InventoryRows.sealedFile)
                }
                return BundleSeal(files: files)
            }
        }
    }

    /// `PlugIns/Share.appex/`: an extension's folder inside its app, from the recorded paths.
    func folder(of row: InventoryRows.Extension, in app: InventoryRows.Application) -> String {
        let prefix = app.bundlePath + "/"
        let inside = row.bundlePath.hasPrefix(prefix) ? String(row.bundlePath.dropFirst(prefix.count)) : row.bundlePath
        return inside + "/"
    }

    /// Why a recorded extension is not among those its installed copy holds.
    func why(_ row: InventoryRows.Extension, isMissingFrom loaded: ManifestLoader.Result) -> String {
        let folder = url(relative: row.bundlePath)
        if let unreadable = loaded.unreadableExtensions.first(where: { $0.bundleURL.standardizedFileURL == folder.standardizedFileURL }) {
            return "its Info.plist cannot be read: \(unreadable.error.message)"
        }
        guard FileSystem.isDirectory(folder) else { return "its folder \(folder.path) is gone" }
        if ManifestLoader.infoPlist(in: folder) == nil { return "its Info.plist is gone from \(folder.path)" }
        return "its Info.plist no longer names it (\(folder.path))"
    }
}

/// The registry's rows for an inventory, read in one transaction.
struct InventoryRows {
    struct Application { var identifier: String; var displayName: String; var bundlePath: String }
    struct Extension {
        var identifier: String
        var application: String
        var point: String
        var displayName: String
        var bundlePath: String
        var isEnabled: Bool
        var position: Int?
    }

    var applications: [Application]
    var extensions: [Extension]
    /// Each sealed app's whole seal, with the fingerprints taken at install (when asked for).
    var seals: [String: BundleSeal] = [:]

    init(_ db: Database, seals readSeals: Bool = true) throws {
        applications = try Row.fetchAll(db, sql: "SELECT identifier, displayName, bundlePath FROM application ORDER BY identifier")
            .map { Application(identifier: $0["identifier"], displayName: $0["displayName"], bundlePath: $0["bundlePath"]) }
        extensions = try Row.fetchAll(db, sql: """
            SELECT identifier, applicationIdentifier, point, displayName, bundlePath, isEnabled, position
            FROM extension ORDER BY identifier
            """).map {
                Extension(identifier: $0["identifier"], application: $0["applicationIdentifier"], point: $0["point"],
                          displayName: $0["displayName"], bundlePath: $0["bundlePath"], isEnabled: $0["isEnabled"], position: $0["position"])
            }
        guard readSeals else { return }
        var files: [String: [SealedFile]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM sealedFile") {
            files[row["applicationIdentifier"], default: []].append(Self.sealedFile(row))
        }
        seals = files.mapValues { BundleSeal(files: $0) }
    }

    /// A `sealedFile` row as the seal's entry, with its fingerprint.
    static func sealedFile(_ row: Row) -> SealedFile {
        let print = FileFingerprint(device: UInt64(bitPattern: row["device"]), inode: UInt64(bitPattern: row["inode"]),
                                    size: row["size"], modified: row["modified"], changed: row["changed"])
        return SealedFile(path: row["path"], size: row["size"], sha256: row["sha256"], fingerprint: print)
    }
}
