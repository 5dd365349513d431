import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An advisory `flock(2)` lock on a file, held while a body runs.
///
/// The lock belongs to the open file description, so two tasks of one process that each
/// take it exclude each other exactly as two processes do, and it works between processes in
/// different PID namespaces (the sandbox). The kernel drops it when the process dies, so a
/// `kill -9` never leaves it held.
///
/// ```swift
/// let lock = FileLock(url: home.registryLock)
/// try lock.withLock(onFailure: RegistryError.init) { () throws(RegistryError) in
///     // move files
/// }
/// ```
package struct FileLock: Sendable {
    /// Whether other holders may hold the lock at the same time.
    package enum Mode: Sendable {
        /// Any number of shared holders at once, and no exclusive one (`LOCK_SH`).
        case shared
        /// One holder alone (`LOCK_EX`).
        case exclusive
    }

    /// The lock file; created (mode 0644) when missing.
    package var url: URL

    /// A lock on the file at `url`.
    package init(url: URL) {
        self.url = url
    }

    /// Runs `body` while holding the lock in `mode`, waiting as long as other holders keep
    /// it. When the file cannot be opened or locked, `failure` turns the ``FileLockError``
    /// into the caller's error, which is thrown without running `body`; `body`'s own errors
    /// come out unchanged.
    package func withLock<T, E: Error>(_ mode: Mode = .exclusive, onFailure failure: (FileLockError) -> E,
                                       _ body: () throws(E) -> T) throws(E) -> T {
        let descriptor: Int32
        do {
            descriptor = try acquire(mode)
        } catch {
            throw failure(error)
        }
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        return try body()
    }

    /// Takes the lock exclusively if nobody holds it, and keeps it for as long as the
    /// returned value lives (a service that must run once per home holds it for its whole
    /// life); `nil` when another holder has it.
    package func acquireIfFree() throws(FileLockError) -> HeldFileLock? {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let number = errno
            throw FileLockError(code: .cannotOpen, message: "cannot open the lock file \(url.path): \(SystemErrorText.text(number))",
                                errno: number)
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let number = errno
            if number == EINTR { continue }
            close(descriptor)
            if number == EWOULDBLOCK { return nil }
            throw FileLockError(code: .cannotLock, message: "cannot lock \(url.path): \(SystemErrorText.text(number))", errno: number)
        }
        return HeldFileLock(descriptor: descriptor)
    }

    /// Opens the file and waits for the lock; the descriptor holds it until closed.
    private func acquire(_ mode: Mode) throws(FileLockError) -> Int32 {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let number = errno
            throw FileLockError(code: .cannotOpen, message: "cannot open the lock file \(url.path): \(SystemErrorText.text(number))",
                                errno: number)
        }
        while flock(descriptor, mode == .exclusive ? LOCK_EX : LOCK_SH) != 0 {
            let number = errno
            guard number == EINTR else {
                close(descriptor)
                throw FileLockError(code: .cannotLock, message: "cannot lock \(url.path): \(SystemErrorText.text(number))",
                                    errno: number)
            }
        }
        return descriptor
    }
}

/// A ``FileLock`` taken by ``FileLock/acquireIfFree()``: held until this is released.
package final class HeldFileLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
