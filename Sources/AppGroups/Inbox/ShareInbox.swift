import DeviceLayout
import Foundation
import GRDB

/// A durable queue of shares in an app group's container: extensions append, the
/// containing app receives them in order and acknowledges each, exactly once.
///
/// Layout, under `Library/Application Support/ShareInbox/`: `inbox.sqlite` (WAL,
/// `synchronous = FULL`), `Files/` (copied attachments), `append.lock`.
///
/// **Exactly once**, precisely:
/// - An append is all or nothing. When ``append(_:)`` returns an id, the share and all its
///   attachment files are committed and durable. If it throws or the process dies first,
///   either nothing was stored or (died after the commit) the whole share was; files of an
///   append that never committed are removed by ``recover()``. Appending the same
///   ``InboxShare`` again (same ``InboxShare/idempotencyKey``) returns the same id.
/// - A share is *delivered* when its acknowledgment commits. Every committed share is
///   delivered at most once: acknowledging requires the lease it was taken with, and an
///   acknowledged share is never handed out again. It is delivered at least once as long as
///   the app keeps receiving: a lease that is not acknowledged (crash, handler error) lapses
///   and the share comes back, in its place in the order.
/// - A handler may therefore *run* more than once for one share, but only when an earlier
///   run was not acknowledged; ``ReceivedShare/deliveryAttempt`` says so. Work done outside
///   the inbox should be keyed by ``ReceivedShare/id`` to be idempotent.
public final class ShareInbox: Sendable {
    /// The group container.
    public let containerURL: URL
    /// `Library/Application Support/ShareInbox/`.
    public let directoryURL: URL
    /// `Files/`, where attachment files are kept until their share is acknowledged.
    public var filesURL: URL { directoryURL.appendingPathComponent("Files", isDirectory: true) }
    /// `inbox.sqlite`.
    public var databaseURL: URL { database.url }

    let database: SharedDatabase
    /// Touched after each append commits (`inbox.notify`): ``observeAppends(_:)`` watches it.
    let signal: ChangeSignal
    var appendLockURL: URL { directoryURL.appendingPathComponent("append.lock") }

    /// The inbox of the container at `containerURL`, created if missing.
    ///
    /// Throws ``AppGroupError/Code/symbolicLink`` when a folder or file of the inbox is a
    /// symbolic link: the extensions of the group write here, and the inbox never follows a
    /// link out of the container (``ContainedPath``). The same holds for every later call:
    /// ``recover()`` and ``acknowledge(_:)`` remove files through the folder itself, not a
    /// path, and ``lease(for:)`` hands out only regular files of `Files/`.
    public init(containerURL: URL) throws(AppGroupError) {
        self.containerURL = containerURL.standardizedFileURL
        directoryURL = AppGroupContainerLayout(root: self.containerURL).shareInboxDirectory
        database = try SharedDatabase(url: directoryURL.appendingPathComponent("inbox.sqlite"), container: self.containerURL,
                                      durable: true) { db in
            try db.execute(sql: Self.schema)
        }
        // The database created the folder.
        signal = try ChangeSignal(url: directoryURL.appendingPathComponent("inbox.notify"), container: self.containerURL)
        try ContainedPath.check(filesURL, in: self.containerURL)
        try ContainedPath.check(appendLockURL, in: self.containerURL)
        do {
            try FileManager.default.createDirectory(at: filesURL, withIntermediateDirectories: true)
        } catch {
            throw AppGroupError(.fileSystem, "cannot create \(filesURL.path): \(error.localizedDescription)")
        }
    }

    /// `Files/`, opened without following a link (``ContainedPath/openFolder(_:in:)``); the
    /// caller closes it.
    func openFiles() throws(AppGroupError) -> Int32 {
        try ContainedPath.openFolder(filesURL, in: containerURL)
    }

    /// Calls `handler` on a background thread after any process appends a share (inotify
    /// over `inbox.notify`, as shared defaults' observation). Several appends may come as
    /// one call, and one whose writer died before posting comes with the next: look in the
    /// inbox itself. Keep the returned token: releasing it stops the observer.
    public func observeAppends(_ handler: @escaping @Sendable () -> Void) throws(AppGroupError) -> AppGroupObservation {
        AppGroupObservation(watcher: try FileWatcher(file: signal.url, handler: handler))
    }

    /// The inbox of the app group `groupIdentifier`; throws ``AppGroupError/Code/notAMember``
    /// when `containers` (this process's, by default) does not include it.
    public convenience init(groupIdentifier: String, containers: AppGroupContainers = .current) throws(AppGroupError) {
        try self.init(containerURL: containers.requireContainerURL(forSecurityApplicationGroupIdentifier: groupIdentifier))
    }

    /// The number of shares not yet acknowledged.
    public func pendingCount() throws(AppGroupError) -> Int {
        try run { try self.database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM shares WHERE state != 'acknowledged'") ?? 0
        } }
    }

    /// Where share `id` is in its life.
    public func status(of id: Int64) throws(AppGroupError) -> ShareStatus {
        try run { try self.database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT state, lease_expires_at FROM shares WHERE id = ?",
                                             arguments: [id]) else { return .unknown }
            switch row["state"] as String {
            case "acknowledged": return .acknowledged
            case "leased":
                let expiry = Date(timeIntervalSince1970: row["lease_expires_at"])
                return expiry > Date() ? .leased(until: expiry) : .pending
            default: return .pending
            }
        } }
    }

    /// The ids of acknowledged shares, ascending: the record that each was delivered once.
    public func acknowledgedIdentifiers() throws(AppGroupError) -> [Int64] {
        try run { try self.database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM shares WHERE state = 'acknowledged' ORDER BY id")
        } }
    }

    /// SQLite's `PRAGMA integrity_check`: `ok` when the file is sound.
    public func integrityCheck() throws(AppGroupError) -> String {
        try database.integrityCheck()
    }

    /// Runs `body`, turning its errors into ``AppGroupError``.
    func run<T>(_ body: () throws -> T) throws(AppGroupError) -> T {
        do {
            return try body()
        } catch {
            throw SharedDatabase.storageError(error, database.url)
        }
    }

    /// The tables. `state` is `pending`, `leased` or `acknowledged`; an acknowledged share
    /// keeps its row (without text, configuration or attachments) as a record.
    static let schema = """
        CREATE TABLE IF NOT EXISTS shares (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            idempotency_key TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL,
            source TEXT,
            text TEXT,
            configuration BLOB,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'leased', 'acknowledged')),
            lease_token TEXT,
            lease_expires_at REAL,
            attempts INTEGER NOT NULL DEFAULT 0,
            acknowledged_at REAL);
        CREATE INDEX IF NOT EXISTS shares_by_state ON shares(state, id);
        CREATE TABLE IF NOT EXISTS attachments (
            share_id INTEGER NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            type_identifier TEXT NOT NULL,
            suggested_name TEXT,
            file_name TEXT,
            data BLOB,
            PRIMARY KEY (share_id, position));
        """
}
