import ExtensionHost
import Foundation
import GRDB
import SystemSupport

/// The registry of installed apps and extensions in an ``AppexHome``: installed copies,
/// containers, and a SQLite database (WAL mode) of what is installed and the user's
/// choices (enabled, order).
///
/// Every change that moves files holds an exclusive `flock` on `registry.lock` in the home,
/// and records in one SQLite transaction, so installs from several processes at once
/// neither corrupt nor lose anything. docs/REGISTRY.md describes the schema and the steps.
public struct ExtensionRegistry: ExtensionCatalog {
    /// The home this registry manages.
    public let home: AppexHome
    let database: DatabasePool
    let lock: FileLock
    /// What this process read for shares, kept until the registry changes.
    let catalog = CatalogCache()

    /// Opens (creating when needed) the registry of `home`, upgrading its schema.
    /// - Parameter busyTimeout: how long a write waits for another process's transaction.
    public init(home: AppexHome, busyTimeout: TimeInterval = 30) throws(RegistryError) {
        self.home = home
        try FileSystem.createDirectory(home.root)
        lock = FileLock(url: home.registryLock)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        database = try lock.withLock(onFailure: RegistryError.init) { () throws(RegistryError) in
            do {
                let pool = try DatabasePool(path: home.registryDatabase.path, configuration: configuration)
                try RegistrySchema.migrator.migrate(pool)
                return pool
            } catch {
                throw RegistryError(.database, "\(home.registryDatabase.path): \(error)")
            }
        }
    }

    /// Runs a database access, turning GRDB's errors into ``RegistryError``.
    func access<T>(_ body: () throws -> T) throws(RegistryError) -> T {
        do {
            return try body()
        } catch let error as RegistryError {
            throw error
        } catch {
            throw RegistryError(.database, "\(home.registryDatabase.path): \(error)")
        }
    }

    /// A path stored relative to the home, as a URL.
    func url(relative path: String) -> URL {
        home.root.appendingPathComponent(path)
    }

    /// A URL inside the home, as stored: relative to the home.
    func relative(_ url: URL) -> String {
        let root = home.root.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
