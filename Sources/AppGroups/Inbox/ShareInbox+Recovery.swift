import Foundation
import GRDB
import SystemSupport

extension ShareInbox {
    /// Removes files in `Files/` that no unacknowledged share refers to: copies of appends
    /// killed before their commit (`*.partial` or complete), and files of acknowledged shares
    /// whose consumer died before removing them. The containing app calls it when it starts.
    ///
    /// It waits for appends in flight (they hold `append.lock` shared until their commit;
    /// this takes it exclusive), so it never removes the files of an append about to commit.
    @discardableResult
    public func recover() throws(AppGroupError) -> InboxRecoveryReport {
        try FileLock(url: appendLockURL).withLock(onFailure: AppGroupError.init) { () throws(AppGroupError) in
            try removeStrays()
        }
    }

    /// ``recover()``'s work, done holding `append.lock` exclusive.
    private func removeStrays() throws(AppGroupError) -> InboxRecoveryReport {
        let referenced = try run { try self.database.read { db in
            try Set(String.fetchAll(db, sql: """
                SELECT a.file_name FROM attachments a JOIN shares s ON s.id = a.share_id
                WHERE a.file_name IS NOT NULL AND s.state != 'acknowledged'
                """))
        } }
        // Listed and removed through the folder itself: a link put in place of `Files/`
        // would otherwise have every file where it points removed.
        let folder = try openFiles()
        defer { close(folder) }
        let present = try InboxFiles.names(in: folder, path: filesURL.path)
        let strays = present.filter { !referenced.contains($0) }.sorted()
        InboxFiles.remove(strays, in: folder)
        return InboxRecoveryReport(removedFiles: strays)
    }

    /// Deletes the records of shares acknowledged before `date`; their ids are never reused.
    /// Afterwards ``status(of:)`` answers ``ShareStatus/unknown`` for them.
    public func purgeAcknowledged(before date: Date) throws(AppGroupError) {
        try run { try self.database.write { db in
            try db.execute(sql: "DELETE FROM shares WHERE state = 'acknowledged' AND acknowledged_at < ?",
                           arguments: [date.timeIntervalSince1970])
        } }
    }
}
