import Foundation

/// Decides, then writes: `appex setup` checks every path before it writes any, and writes
/// nothing when one is in conflict.
struct SetupInstaller {
    var files: [SetupFile]
    var recordURL: URL

    /// What setup would do with each file, given the record of what it wrote before.
    ///
    /// A file is `created` when absent; `unchanged` when it holds the planned content and mode
    /// (recorded or not: a file identical to what setup writes is adopted, so losing the
    /// record does not make setup refuse its own files); `updated` when it still holds what
    /// setup recorded writing but the plan changed (a new executable path, a new appex);
    /// otherwise a `conflict`: setup did not write it, or the user changed it since, or a
    /// folder on the way is not a folder.
    func decide(_ record: SetupRecord) -> [SetupReport.FileStatus] {
        files.map { file in
            func status(_ status: SetupReport.Status, _ reason: String? = nil) -> SetupReport.FileStatus {
                SetupReport.FileStatus(path: file.path, purpose: file.purpose, status: status, reason: reason)
            }
            if let blocked = blockingAncestor(file.path) {
                return status(.conflict, "\(blocked) is not a folder")
            }
            switch AtomicFile.existing(file.path) {
            case .absent:
                return status(.created)
            case .other(let what):
                return status(.conflict, "it is \(what), which appex setup did not write")
            case .file(let content, let mode):
                if content == Data(file.content.utf8) {
                    return status(mode == file.mode ? .unchanged : .updated)
                }
                guard let entry = record.entry(file.path) else {
                    return status(.conflict, "appex setup did not write it")
                }
                guard content == Data(entry.content.utf8) else {
                    return status(.conflict, "it changed since appex setup wrote it")
                }
                return status(.updated)
            }
        }
    }

    /// Writes the created and updated files, then the record (also listing earlier entries
    /// outside this plan and adopted files); returns the new record.
    func apply(_ decisions: [SetupReport.FileStatus], to record: SetupRecord) throws(SetupError) -> SetupRecord {
        var record = record
        var failure: SetupError?
        for (file, decision) in zip(files, decisions) where failure == nil {
            do throws(SetupError) {
                if decision.status == .created || decision.status == .updated {
                    let folder = (file.path as NSString).deletingLastPathComponent
                    record.directories += try AtomicFile.createFolders(folder)
                    try AtomicFile.write(file.content, to: file.path, mode: file.mode)
                }
                record.files.removeAll { $0.path == file.path }
                record.files.append(SetupRecord.Entry(path: file.path, content: file.content, mode: file.mode))
            } catch {
                failure = error
            }
        }
        // The record is written even after a failure, so that --remove finds what was written.
        let recordFolder = recordURL.deletingLastPathComponent().path
        record.directories += try AtomicFile.createFolders(recordFolder)
        try AtomicFile.write(record.encoded(), to: recordURL.path, mode: 0o644)
        if let failure { throw failure }
        return record
    }

    /// The first ancestor folder of `path` that exists and is not a folder.
    func blockingAncestor(_ path: String) -> String? {
        var current = (path as NSString).deletingLastPathComponent
        var blocking: String?
        while !current.isEmpty, current != "/" {
            if AtomicFile.existing(current) != .absent, !AtomicFile.isDirectory(current) { blocking = current }
            current = (current as NSString).deletingLastPathComponent
        }
        return blocking
    }
}
