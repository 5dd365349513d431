import Foundation
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Calls a handler on a background thread whenever a process finishes writing a file
/// (inotify `IN_CLOSE_WRITE`), until cancelled.
///
/// Events that arrive while the handler runs are coalesced into one more call.
final class FileWatcher: Sendable {
    private struct Descriptors {
        var inotify: Int32
        var wakeRead: Int32
        var wakeWrite: Int32
        var state: State
    }

    private enum State { case running, cancelled, closed }

    private let descriptors: Mutex<Descriptors>

    /// Starts watching `file` (which must exist).
    init(file: URL, handler: @escaping @Sendable () -> Void) throws(AppGroupError) {
        let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else {
            throw AppGroupError(.fileSystem, "inotify_init1 failed: \(SystemErrorText.text(errno))")
        }
        // A link put in the file's place is not followed to whatever it names.
        guard inotify_add_watch(inotify, file.path, UInt32(IN_CLOSE_WRITE) | UInt32(IN_DONT_FOLLOW)) >= 0 else {
            let reason = SystemErrorText.text(errno)
            close(inotify)
            throw AppGroupError(.fileSystem, "cannot watch \(file.path): \(reason)")
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let reason = SystemErrorText.text(errno)
            close(inotify)
            throw AppGroupError(.fileSystem, "pipe failed: \(reason)")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
        descriptors = Mutex(Descriptors(inotify: inotify, wakeRead: wakeRead, wakeWrite: wakeWrite, state: .running))
        let thread = Thread { [self] in
            run(inotify: inotify, wake: wakeRead, handler: handler)
        }
        thread.name = "appgroups.watch"
        thread.start()
    }

    /// Stops the thread. A handler call already under way finishes; no new one starts
    /// after the thread sees the request. Safe to call more than once, and from the handler.
    func cancel() {
        descriptors.withLock { descriptors in
            guard descriptors.state == .running else { return }
            var byte: UInt8 = 1
            _ = write(descriptors.wakeWrite, &byte, 1)
            descriptors.state = .cancelled
        }
    }

    private func run(inotify: Int32, wake: Int32, handler: @Sendable () -> Void) {
        var polled = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                      pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let ready = poll(&polled, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || polled[1].revents != 0 { break }
            if polled[0].revents & Int16(POLLIN) != 0 {
                while read(inotify, &buffer, buffer.count) > 0 {}
                let cancelled = descriptors.withLock { $0.state != .running }
                if cancelled { break }
                handler()
            } else if polled[0].revents != 0 {
                break
            }
        }
        descriptors.withLock { descriptors in
            close(descriptors.inotify)
            close(descriptors.wakeRead)
            close(descriptors.wakeWrite)
            descriptors.state = .closed
        }
    }
}
