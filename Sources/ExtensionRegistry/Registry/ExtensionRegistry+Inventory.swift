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
        try inventory(checking: depth, applications: nil)
    }

    /// The inventory of `applications` only (all when `nil`).
    func inventory(checking depth: SealCheckDepth, applications: Set<String>?) throws(RegistryError) -> RegistryInventory {
        let rows = try access { try database.read { db in try InventoryRows(db, seals: depth == .allFiles) } }
        var inventory = RegistryInventory(applications: [], extensions: [])
        for app in rows.applications where applications?.contains(app.identifier) ?? true {
            let extensions = rows.extensions.filter { $0.application == app.identifier }
            // A share needs only the launch files' rows: fetched for them alone, so that the
            // cost does not grow with the number of files every installed app holds.
            let seal: SealSource = depth == .allFiles ? .whole(rows.seals[app.identifier])
                : !rows.sealedApplications.contains(app.identifier) ? .whole(nil)
                : .launchFiles { paths throws(RegistryError) in try self.sealedFiles(of: app.identifier, at: paths) }
            let (application, entries) = try take(app, extensions: extensions, seal: seal)
            inventory.applications.append(application)
            inventory.extensions += entries
        }
        let launchable = inventory.extensions.compactMap { entry in entry.installed.map { (entry, $0) } }
            .sorted { InstalledExtension.userOrder($0.1, $1.1) }.map(\.0)
        inventory.extensions = launchable + inventory.unavailable.sorted { $0.identifier < $1.identifier }
        return inventory
    }

    /// Where an app's seal comes from: the whole seal, read with the rows (`appex list`,
    /// `appex doctor`), or the rows of the given launch files, read when asked (a share).
    enum SealSource {
        case whole(BundleSeal?)
        /// The sealed entries at these paths and of the app's frameworks, of an app that has a seal.
        case launchFiles(([String]) throws(RegistryError) -> [SealedFile])

        /// The sealed entries at `paths` and of the app's frameworks; `nil` for an app
        /// installed without a seal.
        func files(at paths: [String]) throws(RegistryError) -> [SealedFile]? {
            switch self {
            case .whole(let seal):
                return seal.map { seal in seal.files.filter { paths.contains($0.path) || LaunchSeal.isFrameworkFile($0.path) } }
            case .launchFiles(let fetch): return try fetch(paths)
            }
        }
    }

    /// One app and its extensions.
    func take(_ app: InventoryRows.Application, extensions: [InventoryRows.Extension],
              seal: SealSource) throws(RegistryError) -> (RegistryInventory.Application, [RegistryInventory.Extension]) {
        let appURL = url(relative: app.bundlePath)
        var application = RegistryInventory.Application(identifier: app.identifier, displayName: app.displayName,
                                                        bundlePath: app.bundlePath, condition: .intact, problems: [])
        func damagedApp(_ problem: String) -> (RegistryInventory.Application, [RegistryInventory.Extension]) {
            application.condition = .damaged
            application.problems = [problem]
            return (application, extensions.map { row in
                entry(row, app: app, condition: .damaged, problems: ["its app \(app.identifier) is damaged: \(problem)"])
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
        if case .whole(let whole) = seal {
            if whole == nil { application.condition = .unsealed }
            do {
                difference = try whole?.quickDifference(from: appURL) ?? SealDifference()
            } catch {
                return damagedApp(error.message)
            }
        }
        let bundles = Dictionary(loaded.extensions.compactMap { b in b.info.identifier.map { ($0, b) } }, uniquingKeysWith: { a, _ in a })
        var entries: [RegistryInventory.Extension] = []
        for row in extensions {
            guard let bundle = bundles[row.identifier], let bundleURL = bundle.bundleURL else {
                entries.append(entry(row, app: app, condition: .damaged, problems: [why(row, isMissingFrom: loaded)]))
                continue
            }
            var item = try examine(row, bundle: bundle, bundleURL: bundleURL, app: app, appURL: appURL, seal: seal)
            let own = difference.restricted(to: folder(of: row, in: app))
            if item.isLaunchable, !own.isEmpty {
                item.condition = .modified
                item.problems = [own.summary]
            }
            entries.append(item)
        }
        let appOwn = difference.restricted(to: nil, excluding: extensions.map { folder(of: $0, in: app) })
        if !appOwn.isEmpty {
            application.condition = .modified
            application.problems = [appOwn.summary]
        }
        return (application, entries)
    }

    /// One readable extension: damaged without its executable; not runnable when a launch
    /// file is not as sealed; else runnable, with its launch seal.
    func examine(_ row: InventoryRows.Extension, bundle: ExtensionBundle, bundleURL: URL, app: InventoryRows.Application,
                 appURL: URL, seal: SealSource) throws(RegistryError) -> RegistryInventory.Extension {
        let executable = bundleURL.appendingPathComponent(bundle.info.executable ?? bundleURL.deletingPathExtension().lastPathComponent)
        guard FileSystem.isExecutableRegularFile(executable) else {
            return entry(row, app: app, condition: .damaged, problems: ["its executable \(executable.path) is missing or not executable"])
        }
        // Its Info.plist where the loader found it (Contents/Info.plist in a macOS layout) and
        // its executable, as paths inside the app.
        let launchPaths = [ManifestLoader.infoPlist(in: bundleURL) ?? bundleURL.appendingPathComponent("Info.plist"), executable]
            .map { String($0.standardizedFileURL.path.dropFirst(appURL.standardizedFileURL.path.count + 1)) }
        var launchSeal: LaunchSeal?
        if let files = try seal.files(at: launchPaths) {
            let unknown = launchPaths.filter { path in !files.contains { $0.path == path } }
            if !unknown.isEmpty {
                return entry(row, app: app, condition: .modified,
                             problems: ["\(unknown.joined(separator: ", ")) was not in the bundle when it was installed: it will not run"])
            }
            let sealed = LaunchSeal(bundleRoot: appURL, files: files)
            if let mismatch = sealed.check() {
                return entry(row, app: app, condition: .modified, problems: ["\(mismatch): it will not run"])
            }
            launchSeal = sealed
        }
        var item = entry(row, app: app, condition: launchSeal == nil ? .unsealed : .intact, problems: [])
        let groups = Dictionary(bundle.appGroups.map { ($0, home.appGroupContainer(groupIdentifier: $0)) }, uniquingKeysWith: { a, _ in a })
        item.installed = InstalledExtension(bundle: bundle, bundleURL: bundleURL, executableURL: executable,
                                            dataContainerURL: home.dataContainer(bundleIdentifier: row.identifier),
                                            appGroupContainers: groups, isEnabled: row.isEnabled, position: row.position,
                                            launchSeal: launchSeal)
        return item
    }

    /// An inventory entry for `row`, not runnable until its caller says otherwise.
    func entry(_ row: InventoryRows.Extension, app: InventoryRows.Application, condition: InstalledCondition,
               problems: [String]) -> RegistryInventory.Extension {
        RegistryInventory.Extension(identifier: row.identifier, applicationIdentifier: app.identifier, point: row.point,
                                    displayName: row.displayName, isEnabled: row.isEnabled, position: row.position,
                                    bundlePath: row.bundlePath, condition: condition, problems: problems, installed: nil)
    }

    /// The sealed entries of `application` at `paths`, by the primary key (those that exist),
    /// then those of its embedded frameworks (``LaunchSeal/frameworksFolder``), which every
    /// launch loads from.
    func sealedFiles(of application: String, at paths: [String]) throws(RegistryError) -> [SealedFile] {
        try access {
            try database.read { db in
                try paths.compactMap { path in
                    try Row.fetchOne(db, sql: "SELECT * FROM sealedFile WHERE applicationIdentifier = ? AND path = ?",
                                     arguments: [application, path]).map(InventoryRows.sealedFile)
                } + Row.fetchAll(db, sql: "SELECT * FROM sealedFile WHERE applicationIdentifier = ? AND \(Self.inFrameworks("path"))",
                                 arguments: [application]).map(InventoryRows.sealedFile)
            }
        }
    }

    /// The SQL condition that `column` (a path inside an app) is in its frameworks folder: a
    /// range, so that SQLite reads it from the primary key's index.
    static func inFrameworks(_ column: String) -> String {
        // "0" follows "/" in every collation SQLite has.
        let folder = LaunchSeal.frameworksFolder
        return "\(column) >= '\(folder)' AND \(column) < '\(folder.dropLast())0'"
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
    /// The apps that have a seal (installed since seals exist).
    var sealedApplications: Set<String>
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
        // One row per sealed app, through the primary key's index.
        sealedApplications = Set(try String.fetchAll(db, sql: """
            SELECT identifier FROM application a WHERE EXISTS (SELECT 1 FROM sealedFile s WHERE s.applicationIdentifier = a.identifier)
            """))
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
