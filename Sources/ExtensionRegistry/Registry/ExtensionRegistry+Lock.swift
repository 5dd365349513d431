import Foundation
import SystemSupport

extension ExtensionRegistry {
    /// The prefixes of the registry's scratch folders in `Applications/`.
    static let scratchPrefixes = [".staging-", ".previous-", ".removing-"]

    /// Runs `body` holding the home's lock, after removing scratch folders a crashed
    /// install or uninstall left behind (none can belong to a live one: they are made and
    /// removed only under the lock).
    func withHomeLock<T>(_ body: () throws(RegistryError) -> T) throws(RegistryError) -> T {
        try FileSystem.createDirectory(home.applicationsDirectory)
        return try lock.withLock(onFailure: RegistryError.init) { () throws(RegistryError) in
            sweepScratchFolders()
            return try body()
        }
    }

    func sweepScratchFolders() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.applicationsDirectory.path)) ?? []
        for name in names where Self.scratchPrefixes.contains(where: name.hasPrefix) {
            FileSystem.removeQuietly(home.applicationsDirectory.appendingPathComponent(name))
        }
    }
}
