import Glibc

/// What `lstat(2)` says of a file that changes whenever its content could have: the
/// device and inode, the size, and the modification and status-change times.
///
/// A launch compares fingerprints, which costs one `lstat` per file; only a file whose
/// fingerprint changed is hashed again. Writing a file changes its mtime and ctime;
/// replacing it (rename over it) changes its inode; `touch -d` to an old time still changes
/// the ctime, which no unprivileged process can set back.
public struct FileFingerprint: Codable, Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    /// Modification time, in nanoseconds since the epoch.
    public var modified: Int64
    /// Status-change time, in nanoseconds since the epoch.
    public var changed: Int64

    /// Creates a fingerprint.
    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
    }

    /// The fingerprint of the file at `path` (not following a last symbolic link), or `nil`
    /// when there is no such file.
    public static func of(_ path: String) -> FileFingerprint? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return FileFingerprint(status)
    }

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }
}
