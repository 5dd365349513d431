import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// File operations of the inbox: durable copies under a temporary name, then a rename.
enum InboxFiles {
    /// The suffix of a copy in progress; ``ShareInbox/recover()`` removes such files.
    static let partialSuffix = ".partial"

    /// Copies the regular file `source` into `folder` under a new unique name, durably:
    /// copy to `<name>.partial`, fsync, rename to `<name>`. Returns the name.
    static func copyIn(_ source: URL, to folder: URL) throws(AppGroupError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw AppGroupError(.fileSystem, "the attachment \(source.path) is not a regular file")
        }
        let name = UUID().uuidString.lowercased()
        let partial = folder.appendingPathComponent(name + partialSuffix)
        let final = folder.appendingPathComponent(name)
        do {
            try FileManager.default.copyItem(at: source, to: partial)
            try fsyncFile(partial)
            guard rename(partial.path, final.path) == 0 else {
                throw AppGroupError(.fileSystem, "cannot rename \(partial.path): \(SystemErrorText.text(errno))")
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            if let error = error as? AppGroupError { throw error }
            throw AppGroupError(.fileSystem, "cannot copy the attachment \(source.path) into the inbox: \(error.localizedDescription)")
        }
        return name
    }

    /// Flushes a file's or a folder's contents to disk.
    static func fsyncFile(_ url: URL) throws(AppGroupError) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AppGroupError(.fileSystem, "cannot open \(url.path): \(SystemErrorText.text(errno))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw AppGroupError(.fileSystem, "cannot flush \(url.path): \(SystemErrorText.text(errno))")
        }
    }

    /// Removes files, ignoring those already gone.
    static func remove(_ names: [String], in folder: URL) {
        for name in names { unlink(folder.appendingPathComponent(name).path) }
    }
}
