import CAppexSystem
import Glibc
import Synchronization

/// The process that outlives a host to end the Landlock sandboxes it left running.
///
/// Under Landlock an extension dies with its host through its parent-death signal, which
/// belongs to the one thread that was started: an extension that execs from another
/// thread, or forks, would outlive a host killed with -9. So the first Landlock launch of a
/// process starts `appex-reaper` (found beside the running executable), with a pipe on its
/// standard input; each Landlock extension's session is written to it when it starts and
/// taken back when it is reaped. When the pipe ends, whatever still runs in those sessions
/// is killed (Sources/AppexReaper/main.c; docs/HOST.md, "The sandboxes"). Without the
/// executable there is no reaper, and the gap stays (docs/RELIABILITY.md).
final class LandlockReaper: Sendable {
    /// The pipe's write end, non-blocking: a reaper that stopped reading loses an entry
    /// rather than stopping a launch.
    private let pipe: OwnedFileDescriptor

    private init(pipe: OwnedFileDescriptor) {
        self.pipe = pipe
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
    func watch(session: pid_t) { send("+\(session)\n") }

    /// Takes `session` back: its leader was reaped.
    func forget(session: pid_t) { send("-\(session)\n") }

    private func send(_ line: String) {
        guard let fd = pipe.rawValue else { return }
        var bytes = Array(line.utf8)
        _ = Glibc.write(fd, &bytes, bytes.count)
    }

    /// The executable beside this process's own, `appex-reaper`.
    static var executable: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let own = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = own.lastIndex(of: "/") else { return nil }
        let candidate = String(own[..<slash]) + "/appex-reaper"
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    private static func start() -> LandlockReaper? {
        guard let executable, let loop = try? EventLoop.shared() else { return nil }
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (OwnedFileDescriptor(taking: ends[0]), OwnedFileDescriptor(taking: ends[1]))
        // No other child inherits either end (the spawn maps the read end to the reaper's 0).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
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
        return LandlockReaper(pipe: writeEnd)
    }
}
