import DeviceLayout
import Foundation
import GRDB

/// Defaults shared by an app and its extensions through their app group, with the API
/// of `UserDefaults(suiteName:)`.
///
/// Values live in the group container, in `Library/Preferences/<suite>.sqlite`: one row
/// per key, the value a binary property list, SQLite in WAL mode. That makes them safe
/// between processes, which Foundation's `UserDefaults` on Linux is not (it rewrites
/// `~/.config/<suite>.plist` in place, without a lock or an atomic rename, and each
/// process keeps its own cached copy):
///
/// - **No lost update.** Every write is one `IMMEDIATE` SQLite transaction;
///   ``update(forKey:_:)`` reads and writes a key in one, so concurrent increments from the
///   app and an extension all count.
/// - **No torn file.** A `kill -9` at any moment leaves the last committed state.
/// - **Read through.** Every read asks the database, so another process's change is seen
///   at once, without a restart or `synchronize()`.
/// - **Change notification across processes.** ``observe(_:)`` is the Darwin
///   notification: a writer touches `Library/Preferences/<suite>.notify` after each commit,
///   and observers watch it with inotify.
///
/// Where Appex departs from `UserDefaults`: writes `throw` (Apple raises an exception for a
/// non-property-list value and drops I/O failures silently); the suite must be an app
/// group the process belongs to.
public final class SharedDefaults: Sendable {
    /// The suite: the app group's identifier, or another name given with a container.
    public let suiteName: String
    /// The group container that holds the suite.
    public let containerURL: URL
    /// `Library/Preferences/<suite>.sqlite`.
    public var databaseURL: URL { database.url }

    let database: SharedDatabase
    let signal: ChangeSignal

    /// The defaults of the app group `suiteName`, or `nil` when the process is not a member
    /// of that group (see ``AppGroupContainers/current``), the name is `nil`, or the store
    /// cannot be opened.
    public convenience init?(suiteName: String?) {
        guard let suiteName,
              let container = AppGroupContainers.current.containerURL(forSecurityApplicationGroupIdentifier: suiteName)
        else { return nil }
        try? self.init(containerURL: container, suiteName: suiteName)
    }

    /// The suite `suiteName` stored in the container at `containerURL`, created if missing.
    /// Throws ``AppGroupError/Code/invalidSuiteName`` for a name that cannot name a file, and
    /// ``AppGroupError/Code/symbolicLink`` when a member of the group replaced a folder or
    /// file of the suite with a symbolic link.
    public init(containerURL: URL, suiteName: String) throws(AppGroupError) {
        guard !suiteName.isEmpty, !suiteName.hasPrefix("."), !suiteName.contains("/"),
              !suiteName.contains("\0"), suiteName.utf8.count <= 200 else {
            throw AppGroupError(.invalidSuiteName, "'\(suiteName)' cannot be a suite name: it must be a non-empty "
                                + "file name without '/' that does not start with '.'")
        }
        self.suiteName = suiteName
        self.containerURL = containerURL.standardizedFileURL
        let preferences = AppGroupContainerLayout(root: self.containerURL).preferencesDirectory
        database = try SharedDatabase(url: preferences.appendingPathComponent("\(suiteName).sqlite"), container: self.containerURL,
                                      durable: false) { db in
            // `value` NULL marks a removed key, so that observers learn of removals;
            // `version` orders changes (the largest is the latest).
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS entries (
                    key TEXT PRIMARY KEY NOT NULL,
                    value BLOB,
                    version INTEGER NOT NULL);
                CREATE INDEX IF NOT EXISTS entries_by_version ON entries(version);
                """)
        }
        signal = try ChangeSignal(url: preferences.appendingPathComponent("\(suiteName).notify"), container: self.containerURL)
    }

    /// `true`: every write is already committed when it returns. For ported code.
    @discardableResult
    public func synchronize() -> Bool { true }

    /// SQLite's `PRAGMA integrity_check` of the store: `ok` when it is sound.
    public func integrityCheck() throws(AppGroupError) -> String {
        try database.integrityCheck()
    }
}
