import CAppexSystem
import Glibc
import Synchronization
import SystemSupport

/// The process that outlives a host to end the Landlock sandboxes it left running.
///
/// Under Landlock an extension dies with its host through its parent-death signal, which
/// belongs to the one thread that was started: an extension that execs from another
/// thread, or forks, would outlive a host killed with -9. So the first Landlock launch of a
/// process starts `appex-reaper` (found beside the running executable), with a socket on
/// its standard input; each Landlock extension's session is written to it when it starts and
/// taken back when it is reaped. When the stream ends, whatever still runs in those sessions
/// is killed (Sources/AppexReaper/main.c; docs/HOST.md, "The sandboxes"). Without the
/// executable there is no reaper, and the gap stays (docs/RELIABILITY.md).
final class LandlockReaper: Sendable {
    /// This process's end of the socket pair whose other end is the reaper's standard
    /// input. Written without waiting and without SIGPIPE: a reaper that stopped reading,
    /// or was killed, loses an entry rather than stopping a launch or ending the host.
    private let socket: OwnedFileDescriptor
    /// The reaper's process.
    let pid: pid_t

    private init(socket: OwnedFileDescriptor, pid: pid_t) {
        self.socket = socket
        self.pid = pid
    }

    /// This process's reaper, started on first use; `nil` when `appex-reaper` is not beside
    /// the running executable or cannot start.
    static let shared: LandlockReaper? = start()

    /// Whether ``shared`` was started: a process that never ran a Landlock extension has no
    /// session to take back, and must not start a reaper to say so.
    private static let started = Atomic<Bool>(false)

    /// The reaper if this process started one.
    static var ifStarted: LandlockReaper? { started.load(ordering: .acquiring) ? shared : nil }

    /// Says that `session` (a Landlock extension's pid, the leader of its session) is to be
    /// killed should this process end before it is reaped.
    @discardableResult
    func watch(session: pid_t) -> Bool { send("+\(session)\n") }

    /// Takes `session` back: its leader was reaped.
    @discardableResult
    func forget(session: pid_t) -> Bool { send("-\(session)\n") }

    /// Whether the reaper got `line` (a gone reaper: EPIPE, never SIGPIPE).
    private func send(_ line: String) -> Bool {
        guard let fd = socket.rawValue else { return false }
        let bytes = Array(line.utf8)
        return Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == bytes.count
    }

    /// The executable beside this process's own, `appex-reaper`.
    static var executable: String? {
        guard let own = ExecutableSearch.running, let slash = own.lastIndex(of: "/") else { return nil }
        let candidate = String(own[..<slash]) + "/appex-reaper"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    private static func start() -> LandlockReaper? {
        guard let executable, let loop = try? EventLoop.shared() else { return nil }
        var ends: [Int32] = [-1, -1]
        // A socket pair rather than a pipe: a send to a reaper that is gone fails with EPIPE
        // (MSG_NOSIGNAL) instead of killing the host with SIGPIPE. No other child inherits
        // either end (close-on-exec; the spawn maps the reaper's to its descriptor 0).
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (OwnedFileDescriptor(taking: ends[0]), OwnedFileDescriptor(taking: ends[1]))
        var mapping: [Int32: OwnedFileDescriptor] = [0: readEnd]
        for number: Int32 in 1...2 {
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            if null >= 0 { mapping[number] = OwnedFileDescriptor(taking: null) }
        }
        guard let pid = try? ChildProcess.spawn(path: executable, argv: ["appex-reaper"], envp: [], mapping: mapping) else { return nil }
        readEnd.close()
        // Should it end while this process lives, it is reaped then.
        ChildProcess.reapWhenEnded(pid: pid, loop: loop)
        started.store(true, ordering: .releasing)
        return LandlockReaper(socket: writeEnd, pid: pid)
    }
}
