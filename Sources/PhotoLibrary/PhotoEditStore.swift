import DeviceLayout
import Foundation
import GRDB
import PhotoEditing

/// The edit store: for each edited photo, its original, its current edit and an edit
/// being applied, in SQLite (`Photos/edits.sqlite`, WAL) beside a folder per photo.
///
/// The files are written, flushed and renamed before a row names them, and a row is
/// removed before its files are; a crash at any point leaves files without rows (swept
/// by ``sweep()``), never a row without its file.
public struct PhotoEditStore: Sendable {
    /// The store's folder.
    public let directory: URL
    let database: DatabaseQueue

    /// Opens (or creates) the store in `home`'s `Photos/`.
    public init(home: AppexHome) throws {
        try self.init(directory: home.photoEditsDirectory)
    }

    /// Opens (or creates) the store in `directory`.
    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(5)
        database = try DatabaseQueue(path: directory.appendingPathComponent("edits.sqlite").path, configuration: configuration)
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
        try Self.migrator.migrate(database)
    }

    /// The folder of a record.
    public func folder(of record: PhotoEditRecord) -> URL {
        directory.appendingPathComponent(record.folder, isDirectory: true)
    }

    /// The record of the photo at `path`, if it was ever edited.
    public func record(of path: String) throws -> PhotoEditRecord? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM photo WHERE path = ?", arguments: [path]) else { return nil }
            var record = PhotoEditRecord(path: row["path"], folder: row["folder"], originalName: row["originalName"],
                                         originalDigest: row["originalDigest"], originalType: row["originalType"],
                                         originalOrientation: row["originalOrientation"])
            for revision in try Row.fetchAll(db, sql: "SELECT * FROM revision WHERE photoPath = ?", arguments: [path]) {
                if revision["state"] == "current" { record.current = PhotoRevision(row: revision) }
                else { record.pending = PhotoRevision(row: revision) }
            }
            return record
        }
    }

    /// Every record, by path.
    public func records() throws -> [PhotoEditRecord] {
        let paths = try database.read { try String.fetchAll($0, sql: "SELECT path FROM photo ORDER BY path") }
        return try paths.compactMap { try record(of: $0) }
    }

    /// Adds the record of a photo seen for the first time (its original already copied).
    func insert(_ record: PhotoEditRecord) throws {
        try database.write { db in
            try db.execute(sql: """
                INSERT INTO photo (path, folder, originalName, originalDigest, originalType, originalOrientation, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [record.path, record.folder, record.originalName, record.originalDigest, record.originalType,
                                 record.originalOrientation, Date().timeIntervalSince1970])
        }
    }

    /// Records `revision` as pending for `path` (replacing a pending one left behind).
    func setPending(_ revision: PhotoRevision, for path: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM revision WHERE photoPath = ? AND state = 'pending'", arguments: [path])
            try db.execute(sql: """
                INSERT INTO revision (photoPath, state, renderedName, baseName, photoDigest, editorIdentifier, formatIdentifier,
                                      formatVersion, adjustmentData, createdAt)
                VALUES (?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [path, revision.renderedName, revision.baseName, revision.photoDigest, revision.editorIdentifier,
                                 revision.adjustmentData.formatIdentifier, revision.adjustmentData.formatVersion,
                                 revision.adjustmentData.data, revision.createdAt.timeIntervalSince1970])
        }
    }

    /// The pending revision of `path` becomes its current one (the photo holds it now).
    func promotePending(of path: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM revision WHERE photoPath = ? AND state = 'current'", arguments: [path])
            try db.execute(sql: "UPDATE revision SET state = 'current' WHERE photoPath = ? AND state = 'pending'", arguments: [path])
        }
    }

    /// A revision's state: `pending` until the photo holds it, then `current`.
    enum RevisionState: String {
        case pending, current
    }

    /// Forgets the revision of `path` in `state`.
    func dropRevision(of path: String, _ state: RevisionState) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM revision WHERE photoPath = ? AND state = ?", arguments: [path, state.rawValue])
        }
    }

    /// Forgets the photo at `path` and its revisions.
    func delete(_ path: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM photo WHERE path = ?", arguments: [path])
        }
    }

    /// Removes the folders no row names: those of forgotten photos, and the work folders a
    /// crash left. (The files inside a photo's folder are pruned when its record is next
    /// settled or edited.) Called with the library's lock held, as an edit's work folder is
    /// named by no row. Blocking.
    func sweep() throws {
        let kept = Set(try database.read { try String.fetchAll($0, sql: "SELECT folder FROM photo") })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where (UUID(uuidString: name) != nil || name.hasPrefix(".work-")) && !kept.contains(name) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name, isDirectory: true))
        }
    }

    /// Removes the files of `folder` that are not in `keep`.
    func prune(_ folder: URL, keeping keep: Set<String>) {
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !keep.contains(file) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }

    /// The tables. A published migration is never edited; add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: photos and their revisions") { db in
            try db.execute(sql: """
                CREATE TABLE photo (
                    path TEXT NOT NULL PRIMARY KEY,
                    folder TEXT NOT NULL UNIQUE,
                    originalName TEXT NOT NULL,
                    originalDigest TEXT NOT NULL,
                    originalType TEXT NOT NULL,
                    originalOrientation INTEGER NOT NULL,
                    createdAt DOUBLE NOT NULL
                );
                CREATE TABLE revision (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    photoPath TEXT NOT NULL REFERENCES photo(path) ON DELETE CASCADE,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'current')),
                    renderedName TEXT NOT NULL,
                    baseName TEXT NOT NULL,
                    photoDigest TEXT NOT NULL,
                    editorIdentifier TEXT NOT NULL,
                    formatIdentifier TEXT NOT NULL,
                    formatVersion TEXT NOT NULL,
                    adjustmentData BLOB NOT NULL,
                    createdAt DOUBLE NOT NULL
                );
                CREATE UNIQUE INDEX revision_one_per_state ON revision(photoPath, state);
                """)
        }
        return migrator
    }
}
