import Glibc

/// What `lstat(2)` says of a file that changes whenever its content could have: the
/// device and inode, the size, and the modification and status-change times.
///
/// A launch compares fingerprints, which costs one `lstat` per file; only a file whose
/// fingerprint changed is hashed again. Writing a file changes its mtime and ctime;
/// replacing it (rename over it) changes its inode; `touch -d` to an old time still changes
/// the ctime, which no unprivileged process can set back.
///
/// A file system stamps a change with a clock that advances in ticks (the kernel's coarse
/// clock, a few milliseconds; a whole second on some file systems), so a change made in the
/// same tick as the one the fingerprint saw leaves every field as it was: the same
/// "racily clean" case git knows. A fingerprint is only trusted once that tick is over
/// (``isSettled(at:)``); ``BundleSeal/make(of:settlingWithin:)`` waits for it.
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

    /// Whether any later change to the file is sure to change this fingerprint, given the
    /// coarse clock's time `now` (``coarseNow()``, in nanoseconds), read after the file's
    /// `lstat`: the tick of the last change is over. A whole-second change time is taken as
    /// a file system that keeps seconds only, whose tick is a second.
    public func isSettled(at now: Int64) -> Bool {
        changed + tick <= now
    }

    /// How long after the last change a change is sure to get another time: 1 ns on a file
    /// system with nanosecond times (the coarse clock has moved past it), 1 s on one that
    /// keeps seconds only.
    var tick: Int64 { changed % 1_000_000_000 == 0 ? 1_000_000_000 : 1 }

    /// The time of the clock the kernel stamps file changes with (`CLOCK_REALTIME_COARSE`),
    /// in nanoseconds since the epoch.
    public static func coarseNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }
}
