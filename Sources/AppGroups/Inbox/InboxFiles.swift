import DeviceLayout
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

    /// Removes the entries `names` of the open folder `folder` (a link is removed, not what
    /// it points to), ignoring those already gone.
    static func remove(_ names: [String], in folder: Int32) {
        for name in names where PlainName.isPlain(name) { unlinkat(folder, name, 0) }
    }

    /// The entry names of the open folder `folder` (at `path`, for messages).
    static func names(in folder: Int32, path: String) throws(AppGroupError) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let reason = SystemErrorText.text(errno)
            if copy >= 0 { close(copy) }
            throw AppGroupError(.fileSystem, "cannot list \(path): \(reason)")
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Throws unless `name` is a plain name of a regular file in the open folder `folder`
    /// (at `path`): not a symbolic link, not a path leading elsewhere.
    static func checkRegularFile(_ name: String, in folder: Int32, path: String, share: Int64) throws(AppGroupError) {
        guard PlainName.isPlain(name) else {
            throw AppGroupError(.symbolicLink, "share \(share) names the attachment '\(name)', which is not a file of \(path): "
                                + "the inbox does not follow a path out of its folder")
        }
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw AppGroupError(.fileSystem, "share \(share)'s attachment \(path)/\(name): \(SystemErrorText.text(errno))")
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw ContainedPath.linkError(path + "/" + name) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw AppGroupError(.fileSystem, "share \(share)'s attachment \(path)/\(name) is not a regular file")
        }
    }
}
