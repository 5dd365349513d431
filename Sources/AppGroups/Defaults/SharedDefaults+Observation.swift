import Foundation
import Synchronization

extension SharedDefaults {
    /// What changed in the store since the observer's last delivery.
    public struct Change: Hashable, Sendable {
        /// The keys set or removed, by any process (this one included).
        public var keys: Set<String>
    }

    /// A registration made with ``SharedDefaults/observe(_:)``.
    public typealias Observation = AppGroupObservation

    /// Calls `handler` on a background thread after any process commits a change to this
    /// suite, with the keys changed since the previous call: the Darwin notification of
    /// iOS, built on inotify over `Library/Preferences/<suite>.notify`.
    ///
    /// Several commits may come as one call. A change whose writer died before posting is
    /// reported with the next one. Keep the returned token: releasing it stops the observer.
    public func observe(_ handler: @escaping @Sendable (Change) -> Void) throws(AppGroupError) -> Observation {
        let cursor = Mutex<Int64>(0)
        let watcher = try FileWatcher(file: signal.url) { [self] in
            let seen = cursor.withLock { $0 }
            guard let changes = try? changes(after: seen) else { return }
            cursor.withLock { $0 = max($0, changes.version) }
            if !changes.keys.isEmpty { handler(Change(keys: changes.keys)) }
        }
        do {
            let version = try currentVersion()
            cursor.withLock { $0 = version }
        } catch {
            watcher.cancel()
            throw SharedDatabase.storageError(error, database.url)
        }
        return Observation(watcher: watcher)
    }
}
