import ExtensionIPC
import Glibc
import Synchronization
import TransferWire
import SystemSupport

/// Tells when the service's folder (`Transfers/` of its home) is removed or moved away, or
/// its store or lock file is: an inotify watch on the process's event loop. A service whose
/// store was deleted with its home cannot serve anyone and must not stay (a test's
/// temporary home, removed while its service ran, left services running for hours).
///
/// The files are watched by name in the folder (`IN_DELETE`, `IN_MOVED_FROM`), not the
/// folder by itself: the listening socket inside it holds the folder's directory entry, so
/// the kernel reports the folder's own deletion only once the socket is closed.
final class RemovalWatch: Sendable {
    /// Yields once, when the folder goes.
    let removed: AsyncStream<Void>
    private let sink: AsyncStream<Void>.Continuation
    private let inotify: Int32
    private let loop: EventLoop
    private let registration = Mutex<EventLoop.Registration?>(nil)

    /// Watches `folder` and the files `names` in it; throws when inotify or the loop refuses.
    init(folder: String, names: Set<String>) throws(TransferServiceError) {
        (removed, sink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        do {
            loop = try EventLoop.shared()
        } catch {
            throw TransferServiceError(.unavailable, "cannot start the event loop: \(error)")
        }
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else {
            throw TransferServiceError(.unavailable, "cannot watch \(folder): inotify_init1: \(SystemErrorText.text(errno))")
        }
        let mask = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_DELETE | IN_MOVED_FROM) | UInt32(IN_ONLYDIR)
        guard inotify_add_watch(inotify, folder, mask) >= 0 else {
            let number = errno
            close(inotify)
            throw TransferServiceError(.unavailable, "cannot watch \(folder): \(SystemErrorText.text(number))")
        }
        do {
            let registered = try loop.register(inotify, interest: .read) { [inotify, sink] _ in
                if Self.readRemoval(inotify, names: names) { sink.yield() }
            }
            registration.withLock { $0 = registered }
        } catch {
            close(inotify)
            throw TransferServiceError(.unavailable, "cannot watch \(folder): \(error)")
        }
    }

    /// Reads the queued events; whether one says the folder, or one of `names` in it, went.
    private static func readRemoval(_ inotify: Int32, names: Set<String>) -> Bool {
        var removed = false
        withUnsafeTemporaryAllocation(byteCount: 8192, alignment: 8) { buffer in
            while true {
                let count = read(inotify, buffer.baseAddress, buffer.count)
                guard count > 0, let base = buffer.baseAddress else { return }
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    let mask = base.load(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(base.load(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = UnsafeRawBufferPointer(start: base + offset + 16, count: min(length, count - offset - 16))
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
                        || (mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 && names.contains(name)) {
                        removed = true
                    }
                    offset += 16 + length
                }
            }
        }
        return removed
    }

    /// Stops watching.
    func stop() {
        if let registration = registration.withLock({ $0.take() }) {
            loop.deregister(registration)
            close(inotify)
        }
        sink.finish()
    }
}
