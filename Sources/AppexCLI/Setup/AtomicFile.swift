import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// File operations for setup: atomic writes, what is at a path, careful removal.
enum AtomicFile {
    /// What is at a path, without following a symbolic link.
    enum Existing: Equatable {
        case absent
        case file(content: Data, mode: UInt16)
        /// A folder, link, socket, …: never a file setup wrote.
        case other(String)
    }

    /// What is at `path` (`lstat`, then the content of a regular file).
    static func existing(_ path: String) -> Existing {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .absent : .other("unreadable: \(SystemErrorText.text(errno))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard let data = FileManager.default.contents(atPath: path) else { return .other("an unreadable file") }
            return .file(content: data, mode: UInt16(info.st_mode & 0o7777))
        case S_IFDIR: return .other("a folder")
        case S_IFLNK: return .other("a symbolic link")
        default: return .other("not a regular file")
        }
    }

    /// Whether `path` is a folder (following links, as creating files inside it would).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Writes `content` to `path` with `mode`: a temporary file in the same folder, flushed,
    /// then renamed over the path, so a reader sees the old file or the new one, never half.
    static func write(_ content: String, to path: String, mode: UInt16) throws(SetupError) {
        try write(Data(content.utf8), to: path, mode: mode)
    }

    /// Writes `bytes` to `path` with `mode`, as ``write(_:to:mode:)-(String,_,_)`` does
    /// (``DurableFile``).
    static func write(_ bytes: Data, to path: String, mode: UInt16) throws(SetupError) {
        do {
            try DurableFile.write(bytes, over: path, mode: mode_t(mode))
        } catch {
            throw SetupError(.fileSystem, "cannot write \(path): \(error.message)")
        }
    }

    /// Creates the missing folders of `path` (mode 0755); returns those it created, parents first.
    static func createFolders(_ path: String) throws(SetupError) -> [String] {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, current != "/", !isDirectory(current) {
            missing.insert(current, at: 0)
            current = (current as NSString).deletingLastPathComponent
        }
        var created: [String] = []
        for folder in missing {
            if mkdir(folder, 0o755) == 0 { created.append(folder); continue }
            if errno == EEXIST && isDirectory(folder) { continue }
            throw failure("create the folder", folder)
        }
        return created
    }

    /// Removes a file.
    static func remove(_ path: String) throws(SetupError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("remove", path) }
    }

    /// Removes a folder if it is empty; leaves it (silently) otherwise.
    @discardableResult
    static func removeFolderIfEmpty(_ path: String) -> Bool { rmdir(path) == 0 }

    private static func failure(_ verb: String, _ path: String) -> SetupError {
        SetupError(.fileSystem, "cannot \(verb) \(path): \(SystemErrorText.text(errno))")
    }
}
