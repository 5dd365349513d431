import Glibc
import Synchronization

/// A file descriptor with one owner, closed when the owner lets it go.
///
/// Descriptors received on a ``Channel`` arrive as owned descriptors: keep one to use it,
/// ``take()`` it to hand the raw number to code that closes it itself, or drop it and it is
/// closed. Every descriptor Appex opens is close-on-exec, so none leaks into a child.
package final class OwnedFileDescriptor: Sendable, CustomStringConvertible {
    // -1 once closed or taken; the Mutex makes close/take race-free between threads.
    private let state: Mutex<Int32>

    /// Takes ownership of `rawValue`; it is closed on ``close()`` or when this is released.
    package init(taking rawValue: Int32) {
        state = Mutex(rawValue)
    }

    /// A close-on-exec duplicate of `rawValue`, which stays with the caller.
    package static func duplicating(_ rawValue: Int32) throws(ChannelError) -> OwnedFileDescriptor {
        let copy = fcntl(rawValue, F_DUPFD_CLOEXEC, 0)
        if copy < 0 { throw ChannelError.system("dup of descriptor \(rawValue)", errno) }
        return OwnedFileDescriptor(taking: copy)
    }

    /// The descriptor number, or `nil` once closed or taken.
    ///
    /// Use it only while this object is alive and not closed by another thread.
    package var rawValue: Int32? {
        state.withLock { $0 >= 0 ? $0 : nil }
    }

    /// Gives up ownership: returns the number (the caller must close it), or `nil` if
    /// already closed or taken.
    package func take() -> Int32? {
        state.withLock { value in
            defer { value = -1 }
            return value >= 0 ? value : nil
        }
    }

    /// Closes the descriptor now; later calls do nothing.
    package func close() {
        if let fd = take() { _ = Glibc.close(fd) }
    }

    /// `fd N`, or `fd closed`.
    package var description: String {
        rawValue.map { "fd \($0)" } ?? "fd closed"
    }

    deinit { close() }
}
