import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock(2)` on a file, held while a body runs.
///
/// `flock` locks belong to an open file description, so two tasks of one process that each
/// open the file exclude each other exactly as two processes do.
struct FileLock: Sendable {
    /// The lock file; created when missing.
    var url: URL

    /// Runs `body` while holding the lock, waiting for it as long as another holder keeps it.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw RegistryError(.fileSystem, "\(url.path): cannot open the registry lock file: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw RegistryError(.fileSystem, "\(url.path): cannot lock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
