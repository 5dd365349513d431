import AppGroups
import TransferWire
import DeviceLayout
import Foundation
import GRDB

/// The service's memory: tasks and undelivered events in `transfers.sqlite` (WAL, full
/// sync), so a crash or `kill -9` loses nothing that was acknowledged.
///
/// A task's ending and its event are written in one transaction: an event exists exactly
/// when its task is final, and an acknowledged event is never delivered again.
package struct TransferStore: Sendable {
    let database: SharedDatabase

    /// The store's file.
    package var url: URL { database.url }

    /// Opens (creating) the store at `url`; a write waits `busyTimeout` for another
    /// connection's transaction before it fails with ``AppGroupError/Code/busy``.
    package init(url: URL, busyTimeout: Duration = SharedDatabase.defaultBusyTimeout) throws(AppGroupError) {
        database = try SharedDatabase(url: url, durable: true, busyTimeout: busyTimeout) { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS task (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    application TEXT NOT NULL,
                    creator TEXT NOT NULL,
                    sessionIdentifier TEXT NOT NULL,
                    sharedContainerIdentifier TEXT NOT NULL,
                    taskIdentifier INTEGER NOT NULL,
                    request TEXT NOT NULL,
                    state TEXT NOT NULL,
                    bytesSent INTEGER NOT NULL DEFAULT 0,
                    bytesExpectedToSend INTEGER NOT NULL DEFAULT 0,
                    bytesReceived INTEGER NOT NULL DEFAULT 0,
                    bytesExpectedToReceive INTEGER NOT NULL DEFAULT -1,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    nextAttempt DOUBLE,
                    statusCode INTEGER,
                    failure TEXT,
                    bodyFile TEXT,
                    partialFile TEXT,
                    validator TEXT,
                    created DOUBLE NOT NULL,
                    finished DOUBLE,
                    UNIQUE (application, sessionIdentifier, taskIdentifier)
                );
                CREATE TABLE IF NOT EXISTS event (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    taskID INTEGER NOT NULL UNIQUE REFERENCES task(id),
                    application TEXT NOT NULL,
                    sessionIdentifier TEXT NOT NULL,
                    payload TEXT NOT NULL,
                    delivered INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS event_pending ON event (application, sessionIdentifier, delivered);
                """)
        }
    }

    /// Records a new task, waiting for its first attempt; `false` when the session already
    /// has a task with its identifier.
    package func insert(_ row: TaskRow) throws -> TaskRow? {
        try database.write { db in
            if try TaskRow.filter(Column("application") == row.application && Column("sessionIdentifier") == row.sessionIdentifier
                                  && Column("taskIdentifier") == row.taskIdentifier).fetchCount(db) > 0 {
                return nil
            }
            var row = row
            try row.insert(db)
            return row
        }
    }

    /// Writes a task's progress or state (not its ending: ``finish(_:event:)``).
    package func update(_ row: TaskRow) throws {
        try database.write { db in try row.update(db) }
    }

    /// Records a running download's partial file and validator (its response's `ETag` or
    /// `Last-Modified`), leaving the rest of the task as it is.
    package func recordDownloadStart(id: Int64, partialFile: String, validator: String?) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE task SET partialFile = ?, validator = ? WHERE id = ?", arguments: [partialFile, validator, id])
        }
    }

    /// Ends a task and records its event, in one transaction; `nil` if it had already ended.
    package func finish(_ row: TaskRow, event: TransferEvent) throws -> TransferEvent? {
        try database.write { db in
            guard let current = try TaskRow.fetchOne(db, key: row.id), !current.state.isFinal else { return nil }
            try row.update(db)
            var record = EventRow(id: nil, taskID: row.id ?? 0, application: event.application,
                                  sessionIdentifier: event.sessionIdentifier, payload: event, delivered: false)
            try record.insert(db)
            var stored = event
            stored.id = record.id ?? 0
            record.payload = stored
            try record.update(db)
            return stored
        }
    }

    /// A task by its service-wide id.
    package func task(id: Int64) throws -> TaskRow? {
        try database.read { db in try TaskRow.fetchOne(db, key: id) }
    }

    /// A task by its session and identifier.
    package func task(application: String, session: String, taskIdentifier: Int) throws -> TaskRow? {
        try database.read { db in
            try TaskRow.filter(Column("application") == application && Column("sessionIdentifier") == session
                               && Column("taskIdentifier") == taskIdentifier).fetchOne(db)
        }
    }

    /// Tasks, newest first: every one, one app's, or one session's.
    package func tasks(application: String? = nil, session: String? = nil) throws -> [TaskRow] {
        try database.read { db in
            var request = TaskRow.order(Column("id").desc)
            if let application { request = request.filter(Column("application") == application) }
            if let session { request = request.filter(Column("sessionIdentifier") == session) }
            return try request.fetchAll(db)
        }
    }

    /// Tasks that have not ended, oldest first: what a restarted service resumes.
    package func unfinishedTasks() throws -> [TaskRow] {
        try database.read { db in
            try TaskRow.filter([TransferTaskSnapshot.State.waiting.rawValue, TransferTaskSnapshot.State.running.rawValue]
                .contains(Column("state"))).order(Column("id")).fetchAll(db)
        }
    }

    /// The next task identifier free in a session.
    package func nextTaskIdentifier(application: String, session: String) throws -> Int {
        try database.read { db in
            let highest = try Int.fetchOne(db, sql: "SELECT MAX(taskIdentifier) FROM task WHERE application = ? AND sessionIdentifier = ?",
                                           arguments: [application, session])
            return (highest ?? 0) + 1
        }
    }

    /// Undelivered events, oldest first, of an app or one of its sessions.
    package func pendingEvents(application: String, session: String? = nil) throws -> [TransferEvent] {
        try database.read { db in
            var request = EventRow.filter(Column("application") == application && Column("delivered") == false)
            if let session { request = request.filter(Column("sessionIdentifier") == session) }
            return try request.order(Column("id")).fetchAll(db).map(\.payload)
        }
    }

    /// Marks an event of `application` delivered; returns it if it was not already.
    package func acknowledge(eventID: Int64, application: String?) throws -> TransferEvent? {
        try database.write { db in
            guard var row = try EventRow.fetchOne(db, key: eventID), !row.delivered else { return nil }
            if let application, row.application != application { return nil }
            row.delivered = true
            try row.update(db)
            return row.payload
        }
    }

    /// Takes the oldest undelivered event of an app (a script's `appex transfers wait`),
    /// marking it delivered in the same transaction.
    package func takeEvent(application: String, session: String?) throws -> TransferEvent? {
        try database.write { db in
            var request = EventRow.filter(Column("application") == application && Column("delivered") == false)
            if let session { request = request.filter(Column("sessionIdentifier") == session) }
            guard var row = try request.order(Column("id")).fetchOne(db) else { return nil }
            row.delivered = true
            try row.update(db)
            return row.payload
        }
    }
}
