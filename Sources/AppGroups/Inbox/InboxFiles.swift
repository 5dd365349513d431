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
    /// copy to `<name>.partial` (``DurableFile/create(_:mode:fill:)``: flushed), rename to
    /// `<name>`. Returns the name.
    static func copyIn(_ source: URL, to folder: URL) throws(AppGroupError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw AppGroupError(.fileSystem, "the attachment \(source.path) is not a regular file")
        }
        let name = UUID().uuidString.lowercased()
        let partial = folder.appendingPathComponent(name + partialSuffix)
        let final = folder.appendingPathComponent(name)
        // Without blocking: a pipe put where a file was is refused, never waited on.
        let input = open(source.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else {
            throw AppGroupError(.fileSystem, "cannot read the attachment \(source.path): \(SystemErrorText.text(errno))")
        }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw AppGroupError(.fileSystem, "the attachment \(source.path) is not a regular file")
        }
        let mode = info.st_mode & 0o7777
        do throws(DurableFile.Failure) {
            // Flushed under the `.partial` name that recovery removes; the folder is flushed
            // once for the whole share, by the caller.
            _ = try DurableFile.create(partial.path, mode: mode) { output, path throws(DurableFile.Failure) in
                try DurableFile.copyContents(of: input, named: source.path, to: output, path)
            }
        } catch {
            throw AppGroupError(.fileSystem, "cannot copy the attachment \(source.path) into the inbox: \(error.message)")
        }
        guard rename(partial.path, final.path) == 0 else {
            let reason = SystemErrorText.text(errno)
            unlink(partial.path)
            throw AppGroupError(.fileSystem, "cannot rename \(partial.path): \(reason)")
        }
        return name
    }

    /// Flushes a folder, so that the names made in it survive a crash (``DurableFile/syncFolder(_:)``).
    static func syncFolder(_ url: URL) throws(AppGroupError) {
        do throws(DurableFile.Failure) {
            try DurableFile.syncFolder(url.path)
        } catch {
            throw AppGroupError(.fileSystem, error.message)
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
