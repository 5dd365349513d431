import CAppexSystem
import Foundation
import Glibc
import Synchronization

/// One thread that waits on epoll for every descriptor of every extension run in this
/// process, and runs timers and submitted work in between.
///
/// Appex keeps one loop per host process, not one per run: a share service holds many
/// sessions at once, and a loop per run would make the thread count grow with them
/// (docs/HOST.md). Everything that happens on a run's descriptors — the channel socket,
/// the child's pidfd, its standard-error pipe — and every limit's timer is an event here.
///
/// Handlers run on the loop's thread and must not block: they read or write what is ready
/// (non-blocking descriptors), update state under a `Mutex`, and resume continuations.
/// Work from other threads reaches the loop through ``execute(_:)``, which wakes it with an
/// eventfd. The design follows swift-nio's `SelectableEventLoop`; swift-nio itself is not
/// used because it cannot pass descriptors (SCM_RIGHTS) on stream sockets.
package final class EventLoop: Sendable {
    /// What a registered descriptor is waiting for.
    package struct Interest: OptionSet, Sendable, Hashable {
        package let rawValue: UInt32
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Readable, or the peer hung up.
        package static let read = Interest(rawValue: APPEX_EVENT_IN | APPEX_EVENT_RDHUP)
        /// Writable.
        package static let write = Interest(rawValue: APPEX_EVENT_OUT)
    }

    /// A registered descriptor: the token its events come back with, and which file the
    /// descriptor's number stood for (device and inode) when it was registered.
    package struct Registration: Sendable, Hashable {
        let token: UInt64
        let descriptor: Int32
        let file: FileIdentity?
    }

    /// A file's device and inode, as `fstat` gives them.
    struct FileIdentity: Sendable, Hashable {
        let device: UInt64
        let inode: UInt64

        /// What `descriptor` refers to now; `nil` when it is not open.
        static func of(_ descriptor: Int32) -> FileIdentity? {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        }
    }

    /// A scheduled timer, for cancelling it.
    package struct TimerID: Sendable, Hashable {
        let value: UInt64
    }

    /// What the loop holds: handlers by token, submitted work, timers.
    struct State: Sendable {
        var handlers: [UInt64: @Sendable (UInt32) -> Void] = [:]
        var work: [@Sendable () -> Void] = []
        var timers: [UInt64: (deadline: ContinuousClock.Instant, work: @Sendable () -> Void)] = [:]
        var nextToken: UInt64 = 1
        var wakePending = false
    }

    let epoll: Int32
    let wake: Int32
    let state = Mutex(State())

    private init() throws(ChannelError) {
        var epoll: Int32 = -1, wake: Int32 = -1
        var result = appex_epoll_create(&epoll)
        if result != 0 { throw ChannelError.system("epoll_create1", result) }
        result = appex_eventfd(&wake)
        if result != 0 {
            Glibc.close(epoll)
            throw ChannelError.system("eventfd", result)
        }
        result = appex_epoll_control(epoll, APPEX_EPOLL_ADD, wake, APPEX_EVENT_IN, 0)
        if result != 0 {
            Glibc.close(epoll)
            Glibc.close(wake)
            throw ChannelError.system("epoll_ctl(eventfd)", result)
        }
        self.epoll = epoll
        self.wake = wake
        let thread = Thread { [self] in run() }
        thread.name = "appex-event-loop"
        thread.start()
    }

    private static let sharedLoop = Mutex<EventLoop?>(nil)

    /// The process's loop, started on first use.
    package static func shared() throws(ChannelError) -> EventLoop {
        try sharedLoop.withLock { loop throws(ChannelError) -> EventLoop in
            if let loop { return loop }
            let created = try EventLoop()
            loop = created
            return created
        }
    }

    /// Runs `work` on the loop's thread, soon.
    package func execute(_ work: @escaping @Sendable () -> Void) {
        let mustWake = state.withLock { state -> Bool in
            state.work.append(work)
            defer { state.wakePending = true }
            return !state.wakePending
        }
        if mustWake { signalWake() }
    }

    /// Wakes the loop's thread. A lost wake-up would leave queued work undone for good
    /// (``execute(_:)`` writes only for the first item), so an interrupted write is made
    /// again; in a child held to a disk limit each write waits for the host's answer, and
    /// a signal may interrupt it (EINTR).
    func signalWake() {
        var one: UInt64 = 1
        while Glibc.write(wake, &one, 8) < 0 && errno == EINTR {}
    }
}

/// The loop is also where sessions run their tasks: a task that prefers this executor
/// runs its jobs on the loop's thread, between waits, so a host whose cooperative pool is
/// busy (or blocked by someone else's synchronous work) still answers its extensions at
/// once. Jobs must not block, like every handler of the loop.
extension EventLoop: TaskExecutor {
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        execute { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
