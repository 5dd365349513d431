import BundleSeal
import DeviceLayout
import ExtensionHost
import ExtensionManifest
import Foundation
import Synchronization

/// The installed extensions as the registry held them at one generation, ready for shares.
///
/// An app is ready when the registry keeps its extensions' declarations and their launch
/// files', and its own Info.plist's, seal entries (its frameworks' files are launch files
/// too). A share offers a ready app's extensions as kept while those files' fingerprints
/// are as sealed (an `lstat` each); any other app —
/// installed before declarations were kept, or one whose files changed — is read from its
/// copy, as ``ExtensionRegistry/inventory(checking:)`` reads it, so both ways agree.
struct CatalogSnapshot: Sendable {
    /// One ready app: its extensions, and the files their records stand for.
    struct Application: Sendable {
        var identifier: String
        /// Its extensions, each with the seal of its Info.plist, its executable and the app's
        /// frameworks.
        var extensions: [InstalledExtension]
        /// The app's Info.plist, its frameworks' files and each extension's launch files:
        /// full paths, with the fingerprints taken when they were sealed.
        var files: [(path: String, fingerprint: FileFingerprint?)]

        /// Whether every file the kept records stand for is as sealed, by fingerprint: an
        /// `lstat` each, nothing hashed.
        var isUnchanged: Bool {
            files.allSatisfy { file in file.fingerprint != nil && FileFingerprint.of(file.path) == file.fingerprint }
        }
    }

    /// The registry's generation these records were read at.
    var generation: Int64
    /// The ready apps.
    var applications: [Application]
    /// Every ready app's extensions, in the user's order.
    var ordered: [InstalledExtension]
    /// The apps that are not ready: read from their copies on each call.
    var unready: Set<String>
}

extension CatalogSnapshot {
    /// The snapshot of `rows`.
    init(_ rows: CatalogRows, home: AppexHome) {
        generation = rows.generation
        unready = rows.unready
        applications = rows.applications.map { app in
            let root = home.root.appending(path: app.bundlePath, directoryHint: .isDirectory)
            let rootPath = home.root.path + "/" + app.bundlePath + "/"
            let sealed = [app.sealedInfoPlist] + app.sealedFrameworks + app.extensions.flatMap { [$0.sealedInfoPlist, $0.sealedExecutable] }
            return Application(identifier: app.identifier,
                               extensions: app.extensions.map { row in
                                   Self.installed(row, appURL: root, frameworks: app.sealedFrameworks, home: home, groups: rows.groups[row.identifier] ?? [])
                               },
                               files: sealed.map { (rootPath + $0.path, $0.fingerprint) })
        }
        ordered = InstalledExtension.inUserOrder(applications.flatMap(\.extensions))
    }

    /// An extension as kept: its bundle read from the installed copy only when asked for,
    /// its launch seal its own two files and its app's `frameworks`.
    static func installed(_ row: CatalogRows.Extension, appURL: URL, frameworks: [SealedFile], home: AppexHome,
                          groups: [String]) -> InstalledExtension {
        let reading = BundleReading(shared: row.rule, declaresTypes: row.declaresTypes, declaration: { row.declaration }) {
            // The files are as sealed when the extension is offered; should the copy have
            // become unreadable since, what the registry kept stands in (the launch check
            // refuses the run then).
            let bundleURL = home.root.appending(path: row.bundlePath, directoryHint: .isDirectory)
            return (try? ManifestLoader().load(extensionAt: bundleURL, inApplication: appURL))
                ?? ExtensionBundle(path: bundleURL.path, bundleURL: bundleURL, infoPlistPath: appURL.path + "/" + row.sealedInfoPlist.path,
                                   info: row.keptInfo, appGroups: groups)
        }
        // The URLs are made when first asked for: a share asks for none. Paths with their
        // kind given: appendingPathComponent(_:) without it costs twice as much.
        var installed = InstalledExtension(identifier: row.identifier, point: row.point, displayName: row.displayName, bundle: reading,
                                  locations: {
                                      InstalledExtension.Locations(
                                          bundleURL: home.root.appending(path: row.bundlePath, directoryHint: .isDirectory),
                                          executableURL: appURL.appending(path: row.sealedExecutable.path, directoryHint: .notDirectory),
                                          dataContainerURL: home.dataContainer(bundleIdentifier: row.identifier),
                                          appGroupContainers: Dictionary(groups.map { ($0, home.appGroupContainer(groupIdentifier: $0)) },
                                                                         uniquingKeysWith: { a, _ in a }))
                                  },
                                  isEnabled: row.isEnabled, position: row.position,
                                  launchSeal: LaunchSeal(bundleRoot: appURL, files: [row.sealedInfoPlist, row.sealedExecutable] + frameworks))
        installed.allowsFullAccess = row.allowsFullAccess
        return installed
    }
}

/// The catalog this process read last, kept until the registry's generation changes.
///
/// Shared by the copies of an ``ExtensionRegistry``.
final class CatalogCache: Sendable {
    private let kept = Mutex<CatalogSnapshot?>(nil)
    private let lastCheck = Mutex<FileCheck?>(nil)

    /// What the last look at a snapshot's files found, and the watch begun before it.
    struct FileCheck: Sendable {
        var generation: Int64
        /// The apps whose files were not as sealed.
        var changed: Set<String>
        /// Quiet while none of the files changed since that look.
        var watch: FileChangeWatch?
    }

    /// The apps of `snapshot` whose files are not as sealed now.
    ///
    /// The first look at a snapshot is an `lstat` of each file (a process that shares once,
    /// such as `appex share`, needs no more). A process that looks again is long-lived: it
    /// watches the files from then on (``FileChangeWatch``, begun before the look so that no
    /// change in between is missed), and while the watch is quiet the last look stands.
    func changedApplications(in snapshot: CatalogSnapshot, applicationsFolder: String) -> Set<String> {
        let last = lastCheck.withLock { $0 }
        let again = last?.generation == snapshot.generation
        if again, let last, let watch = last.watch, watch.isQuiet { return last.changed }
        let watch = again ? FileChangeWatch(files: snapshot.applications.flatMap { $0.files.map(\.path) }, below: applicationsFolder) : nil
        let changed = Self.changed(snapshot.applications)
        lastCheck.withLock { check in
            // A newer generation's look is not replaced by an older one's.
            if (check?.generation ?? .min) <= snapshot.generation {
                check = FileCheck(generation: snapshot.generation, changed: changed, watch: watch)
            }
        }
        return changed
    }

    /// The identifiers of `applications` whose files are not as sealed, looked at in two
    /// halves at once: the `lstat`s of a thousand extensions' files (2,200) took `appex
    /// share` 5 ms on one thread (docs/BENCHMARKS.md). The calling thread looks at one half
    /// itself, a dispatch worker at the other.
    static func changed(_ applications: [CatalogSnapshot.Application]) -> Set<String> {
        let look: @Sendable (ArraySlice<CatalogSnapshot.Application>) -> Set<String> = { part in Set(part.filter { !$0.isUnchanged }.map(\.identifier)) }
        let files = applications.reduce(0) { $0 + $1.files.count }
        guard files >= 256 else { return look(applications[...]) }
        let halves = Mutex<[Set<String>]>([])
        let middle = applications.count / 2
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let changed = look(half == 0 ? applications[..<middle] : applications[middle...])
            halves.withLock { $0.append(changed) }
        }
        return halves.withLock { $0.reduce(into: Set<String>()) { $0.formUnion($1) } }
    }

    /// The kept snapshot when `generation` says it is current, else a new one from `load`.
    func snapshot(generation: () throws(RegistryError) -> Int64,
                  load: () throws(RegistryError) -> CatalogSnapshot) throws(RegistryError) -> CatalogSnapshot {
        let current = try generation()
        if let snapshot = kept.withLock({ $0 }), snapshot.generation == current { return snapshot }
        // Read outside the lock; a newer generation replaces an older one, never the reverse.
        let snapshot = try load()
        kept.withLock { kept in
            if (kept?.generation ?? .min) <= snapshot.generation { kept = snapshot }
        }
        return snapshot
    }
}
