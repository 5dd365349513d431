import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock(2)` lock on a file, held until the value is dropped.
///
/// The kernel drops the lock when the process dies, so a `kill -9` never leaves it held.
/// It works between processes in different PID namespaces (the sandbox), since it belongs
/// to the open file.
struct FileLock: ~Copyable {
    private let descriptor: Int32

    /// Opens (creating) `url` and waits for a shared or an exclusive lock on it.
    init(_ url: URL, exclusive: Bool) throws(AppGroupError) {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AppGroupError(.fileSystem, "cannot open the lock file \(url.path): \(String(cString: strerror(errno)))")
        }
        var result: Int32
        repeat {
            result = flock(descriptor, exclusive ? LOCK_EX : LOCK_SH)
        } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw AppGroupError(.fileSystem, "cannot lock \(url.path): \(reason)")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
