import Foundation
import Glibc

/// A vfork-style child held before its exec: what /proc shows of a process started with
/// posix_spawn in the moment between its clone and its exec, when it still runs on its
/// parent's memory.
///
/// glibc's posix_spawn clones with CLONE_VM | CLONE_VFORK and carries out the file actions
/// before it execs. The actions open three FIFOs in `folder`: `entered` for writing, then
/// `holding` and `releasing` for reading. Each open waits for the other end, which this
/// value opens: once ``enter()`` has opened the first two, the child has its descriptor 10
/// on `entered` and has not exec'd; ``release()`` lets it exec `/usr/bin/true`. A folder
/// per held child: ``holder()`` finds it by the path.
struct HeldSpawn {
    /// The folder of the FIFOs, which a sandboxed child must be able to reach.
    let folder: String

    var entered: String { folder + "/entered" }
    var holding: String { folder + "/holding" }
    var releasing: String { folder + "/release" }

    /// Makes the three FIFOs in a new folder under the system's temporary folder.
    init() throws {
        var template = Array((NSTemporaryDirectory() + "appex-held-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        folder = String(cString: made)
        for path in [folder + "/entered", folder + "/holding", folder + "/release"] where mkfifo(path, 0o600) != 0 {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
    }

    /// The arguments of python3's `os.posix_spawn` file actions, for the helper's script.
    var arguments: [String] { [entered, holding, releasing] }

    /// Starts the child from a thread of this process (the thread waits in posix_spawn until
    /// the child execs), then waits until it holds; its pid.
    func spawnFromHost() async throws -> Int32 {
        let paths = arguments
        Thread {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 10, paths[0], O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 11, paths[1], O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 12, paths[2], O_RDONLY, 0)
            var pid: pid_t = 0
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("true"), nil]
            defer { free(argv[0]) }
            if posix_spawn(&pid, "/usr/bin/true", &actions, nil, argv, environ) == 0 {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
        }.start()
        try await enter()
        return try holder()
    }

    /// Waits (on a thread of its own) until the child has opened `entered` and is opening
    /// `holding`: from then on it holds until ``release()``.
    func enter() async throws {
        try await Self.open(entered, O_RDONLY)
        try await Self.open(holding, O_WRONLY)
    }

    /// Lets the child go on to its exec, if it holds; returns at once (a FIFO opened for
    /// writing without waiting fails with ENXIO while it has no reader).
    func release() {
        let fd = Glibc.open(releasing, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 { close(fd) }
    }

    /// The process whose descriptor 10 is `entered`: the held child.
    func holder() throws -> Int32 {
        let processes = try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap(Int32.init)
        guard let holder = processes.first(where: {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/fd/10")) == entered
        }) else { throw POSIXError(.ESRCH) }
        return holder
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Opens `path` with `flags` on a thread of its own (a FIFO's open waits for its other
    /// end) and closes it again: the held child's end stays open, and it has moved on to its
    /// next open.
    private static func open(_ path: String, _ flags: Int32) async throws {
        let failure: Int32 = await withCheckedContinuation { continuation in
            Thread {
                let fd = Glibc.open(path, flags | O_CLOEXEC)
                let failure = fd < 0 ? errno : 0
                if fd >= 0 { close(fd) }
                continuation.resume(returning: failure)
            }.start()
        }
        if failure != 0 { throw POSIXError(.init(rawValue: failure) ?? .EIO) }
    }
}
