import Foundation
import GRDB

extension ShareInbox {
    /// Takes the oldest share that is pending (or whose lease lapsed), runs `handler` on
    /// it, and acknowledges it when the handler returns; returns the share, or `nil` when
    /// the inbox has nothing to deliver.
    ///
    /// If the handler throws, the share is released at once (it stays first in line) and
    /// the error comes out unchanged. If the process dies, the lease lapses after
    /// `leaseDuration` and the share comes back. If the handler outlives its lease and
    /// another consumer takes the share, the acknowledgment fails with
    /// ``AppGroupError/Code/leaseLost`` and only the other consumer's counts.
    @discardableResult
    public func receive(leaseDuration: Duration = .seconds(300),
                        _ handler: (ReceivedShare) throws -> Void) throws -> ReceivedShare? {
        guard let lease = try lease(for: leaseDuration) else { return nil }
        do {
            try handler(lease.share)
        } catch {
            try? release(lease)
            throw error
        }
        try acknowledge(lease)
        return lease.share
    }

    /// Takes the oldest deliverable share for `duration`: no other consumer gets it until
    /// then. `nil` when there is none. Finish with ``acknowledge(_:)`` or ``release(_:)``.
    public func lease(for duration: Duration = .seconds(300)) throws(AppGroupError) -> ShareLease? {
        let token = UUID().uuidString
        let now = Date()
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let expiry = now.addingTimeInterval(max(seconds, 0))
        return try run { try self.database.write { db -> ShareLease? in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, created_at, source, text, configuration, attempts FROM shares
                WHERE state = 'pending' OR (state = 'leased' AND lease_expires_at <= ?)
                ORDER BY id LIMIT 1
                """, arguments: [now.timeIntervalSince1970]) else { return nil }
            let id: Int64 = row["id"]
            try db.execute(sql: """
                UPDATE shares SET state = 'leased', lease_token = ?, lease_expires_at = ?, attempts = attempts + 1
                WHERE id = ?
                """, arguments: [token, expiry.timeIntervalSince1970, id])
            let share = ReceivedShare(
                id: id, createdAt: Date(timeIntervalSince1970: row["created_at"]), text: row["text"],
                configuration: Self.configuration(row["configuration"]), sourceExtensionIdentifier: row["source"],
                attachments: try self.attachments(of: id, in: db), deliveryAttempt: (row["attempts"] as Int) + 1)
            return ShareLease(share: share, token: token, expiresAt: expiry)
        } }
    }

    /// Marks the leased share delivered, for good, and removes its attachment files.
    /// Throws ``AppGroupError/Code/leaseLost`` when another consumer took the share over
    /// (or it was already acknowledged): then this delivery does not count.
    public func acknowledge(_ lease: ShareLease) throws(AppGroupError) {
        let files = try run { try self.database.write { db -> [String] in
            try db.execute(sql: """
                UPDATE shares SET state = 'acknowledged', acknowledged_at = ?, lease_token = NULL,
                    lease_expires_at = NULL, text = NULL, configuration = NULL
                WHERE id = ? AND state = 'leased' AND lease_token = ?
                """, arguments: [Date().timeIntervalSince1970, lease.share.id, lease.token])
            guard db.changesCount == 1 else {
                throw AppGroupError(.leaseLost, "share \(lease.share.id) is no longer leased to this consumer "
                                    + "(its lease lapsed and another consumer took it, or it was acknowledged)")
            }
            let files = try String.fetchAll(db, sql: "SELECT file_name FROM attachments WHERE share_id = ? AND file_name IS NOT NULL",
                                            arguments: [lease.share.id])
            try db.execute(sql: "DELETE FROM attachments WHERE share_id = ?", arguments: [lease.share.id])
            return files
        } }
        guard let folder = try? openFiles() else { return }
        defer { close(folder) }
        InboxFiles.remove(files, in: folder)
    }

    /// Gives a leased share back undelivered: it is first in line again. Does nothing when
    /// the lease is no longer held.
    public func release(_ lease: ShareLease) throws(AppGroupError) {
        try run { try self.database.write { db in
            try db.execute(sql: """
                UPDATE shares SET state = 'pending', lease_token = NULL, lease_expires_at = NULL
                WHERE id = ? AND state = 'leased' AND lease_token = ?
                """, arguments: [lease.share.id, lease.token])
        } }
    }

    /// The attachments of share `id`. A file must be a regular file directly in `Files/`: the
    /// row names it, and any member of the group can write rows and files, so a name with a
    /// `/` or a symbolic link in its place is ``AppGroupError/Code/symbolicLink`` (the share
    /// is not handed out), never followed out of the container.
    private func attachments(of id: Int64, in db: Database) throws -> [ReceivedAttachment] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT type_identifier, suggested_name, file_name, data FROM attachments WHERE share_id = ? ORDER BY position
            """, arguments: [id])
        let folder = rows.contains { ($0["file_name"] as String?) != nil } ? try openFiles() : -1
        defer { if folder >= 0 { close(folder) } }
        return try rows.map { row in
            let content: InboxAttachment.Content
            if let name: String = row["file_name"] {
                try InboxFiles.checkRegularFile(name, in: folder, path: filesURL.path, share: id)
                content = .file(filesURL.appendingPathComponent(name))
            } else {
                content = .data(row["data"] ?? Data())
            }
            return ReceivedAttachment(content: content, typeIdentifier: row["type_identifier"], suggestedName: row["suggested_name"])
        }
    }

    private static func configuration(_ data: Data?) -> [String: String] {
        data.flatMap(PropertyListValue.decode) as? [String: String] ?? [:]
    }
}
