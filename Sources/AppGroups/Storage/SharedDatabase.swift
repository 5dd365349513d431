import Foundation
import GRDB
import SystemSupport

/// An SQLite database in WAL mode that several processes open at once.
///
/// - Opening and schema creation run under an exclusive `flock` on `<file>.lock`, so two
///   processes never race to switch the journal mode or create tables.
/// - Every write is an `IMMEDIATE` transaction: it takes the write lock before reading,
///   so a read-modify-write can never be based on a stale snapshot. Waiting for another
///   process's transaction uses SQLite's busy timeout.
/// - A kill at any moment leaves the last committed state: SQLite's WAL replays or
///   discards the uncommitted frames on the next open.
package struct SharedDatabase: Sendable {
    /// The database file.
    package let url: URL
    private let queue: DatabaseQueue

    /// How long a write waits for another process's transaction before failing, unless
    /// the opener says otherwise.
    package static let defaultBusyTimeout: Duration = .seconds(30)

    /// Opens `url`, creating it with `schema` (which must be idempotent). `durable` sets
    /// `synchronous = FULL` (a commit survives power loss) instead of `NORMAL`.
    ///
    /// In a group container (`container`), throws ``AppGroupError/Code/symbolicLink`` when
    /// the file, its journal, its lock or a folder above them in the container is a symbolic
    /// link (``ContainedPath``): SQLite would follow it and write wherever it points.
    ///
    /// A write still blocked by another connection after `busyTimeout` throws
    /// ``AppGroupError/Code/busy``.
    package init(url: URL, container: URL? = nil, durable: Bool, busyTimeout: Duration = Self.defaultBusyTimeout,
                 schema: @escaping @Sendable (Database) throws -> Void) throws(AppGroupError) {
        self.url = url
        if let container {
            for file in ["", "-wal", "-shm", ".lock"] {
                try ContainedPath.check(URL(fileURLWithPath: url.path + file), in: container)
            }
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18)
        configuration.prepareDatabase { db in
            try db.execute(sql: durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A link made while the folders were: checked again now that they all exist.
            if let container { try ContainedPath.check(url, in: container) }
        } catch let error as AppGroupError {
            throw error
        } catch {
            throw AppGroupError(.fileSystem, "cannot create \(url.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        queue = try FileLock(url: url.appendingPathExtension("lock")).withLock(onFailure: AppGroupError.init) {
            () throws(AppGroupError) in
            do {
                let queue = try DatabaseQueue(path: url.path, configuration: configuration)
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try schema(db)
                        return .commit
                    }
                }
                return queue
            } catch {
                throw Self.storageError(error, url)
            }
        }
    }

    /// Runs `body` in an `IMMEDIATE` transaction, committing when it returns.
    /// Errors from `body` come out unchanged; SQLite's as ``AppGroupError/Code/storage``.
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        var result: T?
        do {
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
            }
        } catch let error as DatabaseError {
            throw Self.storageError(error, url)
        }
        guard let result else { throw AppGroupError(.storage, "\(url.path): the transaction gave no result") }
        return result
    }

    /// Runs `body` on a read transaction (a consistent snapshot).
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try queue.read(body)
        } catch let error as DatabaseError {
            throw Self.storageError(error, url)
        }
    }

    /// `PRAGMA integrity_check`: `ok`, or SQLite's list of problems.
    package func integrityCheck() throws(AppGroupError) -> String {
        do {
            let rows = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            return rows.joined(separator: "\n")
        } catch {
            throw Self.storageError(error, url)
        }
    }

    /// An error from GRDB as ``AppGroupError``; ``AppGroupError`` passes through. A lock
    /// another connection held past the busy timeout is ``AppGroupError/Code/busy``.
    static func storageError(_ error: any Error, _ url: URL) -> AppGroupError {
        if let error = error as? AppGroupError { return error }
        if let error = error as? DatabaseError, [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode) {
            return AppGroupError(.busy, "\(url.path): another connection held the write lock too long (\(error.message ?? "busy"))")
        }
        return AppGroupError(.storage, "\(url.lastPathComponent): \(error)")
    }
}
