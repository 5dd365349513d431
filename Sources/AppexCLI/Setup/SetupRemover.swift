import Foundation

/// `appex setup --remove`: deletes each file setup recorded writing, only if it still holds
/// exactly what setup wrote; a file the user changed is kept and reported. Then the folders
/// setup created, when empty, and the record.
struct SetupRemover {
    var recordURL: URL

    /// Removes what can be removed; returns each recorded file's status.
    func remove(_ record: SetupRecord) throws(SetupError) -> [SetupReport.FileStatus] {
        var statuses: [SetupReport.FileStatus] = []
        for entry in record.files {
            switch AtomicFile.existing(entry.path) {
            case .absent:
                statuses.append(.init(path: entry.path, status: .missing))
            case .other(let what):
                statuses.append(.init(path: entry.path, status: .kept, reason: "it is now \(what)"))
            case .file(let content, _):
                if content == Data(entry.content.utf8) {
                    try AtomicFile.remove(entry.path)
                    statuses.append(.init(path: entry.path, status: .removed))
                } else {
                    statuses.append(.init(path: entry.path, status: .kept, reason: "it changed since appex setup wrote it"))
                }
            }
        }
        try AtomicFile.remove(recordURL.path)
        for folder in record.directories.reversed() { AtomicFile.removeFolderIfEmpty(folder) }
        return statuses
    }
}
