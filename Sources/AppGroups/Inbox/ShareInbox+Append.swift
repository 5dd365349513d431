import Foundation
import GRDB
import SystemSupport

extension ShareInbox {
    /// Appends `share` and returns its id once it is committed, attachments included.
    ///
    /// Attachment files are copied into `Files/` (to a temporary name, flushed, renamed)
    /// before the one transaction that inserts the share; on failure the copies are
    /// removed, and a copy left by a killed process is removed by ``recover()``. Appending
    /// a share whose ``InboxShare/idempotencyKey`` is already stored returns that share's
    /// id and stores nothing.
    @discardableResult
    public func append(_ share: InboxShare) throws(AppGroupError) -> Int64 {
        let configuration = try PropertyListValue.encode(share.configuration, key: "configuration")
        // Held until the commit, so that recover() (exclusive) never sees our copies as strays.
        let id = try FileLock(url: appendLockURL).withLock(.shared, onFailure: AppGroupError.init) { () throws(AppGroupError) in
            try append(share, configuration: configuration)
        }
        signal.post()
        return id
    }

    /// ``append(_:)``'s work, done holding `append.lock` shared.
    private func append(_ share: InboxShare, configuration: Data) throws(AppGroupError) -> Int64 {
        if let existing = try existingShare(idempotencyKey: share.idempotencyKey) { return existing }
        var copied: [String?] = []
        do {
            for attachment in share.attachments {
                if case .file(let url) = attachment.content {
                    copied.append(try InboxFiles.copyIn(url, to: filesURL))
                } else {
                    copied.append(nil)
                }
            }
            if copied.contains(where: { $0 != nil }) { try InboxFiles.syncFolder(filesURL) }
            let id = try database.write { db in
                try self.insert(share, configuration: configuration, files: copied, in: db)
            }
            return id
        } catch let duplicate as DuplicateAppend {
            InboxFiles.remove(copied.compactMap { $0 }, in: filesURL)
            return duplicate.id
        } catch {
            InboxFiles.remove(copied.compactMap { $0 }, in: filesURL)
            throw SharedDatabase.storageError(error, database.url)
        }
    }

    private func existingShare(idempotencyKey: String) throws(AppGroupError) -> Int64? {
        try run { try self.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM shares WHERE idempotency_key = ?", arguments: [idempotencyKey])
        } }
    }

    /// Inserts the share and its attachments; returns the id, or the existing one when a
    /// concurrent append with the same key won.
    private func insert(_ share: InboxShare, configuration: Data, files: [String?], in db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM shares WHERE idempotency_key = ?",
                                       arguments: [share.idempotencyKey]) {
            throw DuplicateAppend(id: id)
        }
        try db.execute(sql: """
            INSERT INTO shares (idempotency_key, created_at, source, text, configuration)
            VALUES (?, ?, ?, ?, ?)
            """, arguments: [share.idempotencyKey, Date().timeIntervalSince1970, share.sourceExtensionIdentifier,
                             share.text, configuration])
        let id = db.lastInsertedRowID
        for (position, attachment) in share.attachments.enumerated() {
            var data: Data?
            if case .data(let bytes) = attachment.content { data = bytes }
            try db.execute(sql: """
                INSERT INTO attachments (share_id, position, type_identifier, suggested_name, file_name, data)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [id, position, attachment.typeIdentifier, attachment.suggestedName, files[position], data])
        }
        return id
    }
}

/// A concurrent append with the same idempotency key committed first.
struct DuplicateAppend: Error {
    let id: Int64
}
