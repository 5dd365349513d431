import Foundation
import HostTestSupport
@testable import ExtensionIPC

/// A python3 child that speaks the frame format on APPEX_CHANNEL_FD, for the process tests.
enum ChildHelper {
    static let python = "/usr/bin/python3"

    static let script = #"""
import array, os, signal, socket, struct, sys, time
s = socket.socket(fileno=int(os.environ["APPEX_CHANNEL_FD"]))
def send(payload, fds=()):
    header = b"APXF" + bytes([1, 0, 0, len(fds)]) + struct.pack(">I", len(payload))
    extra = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
    s.sendmsg([header + payload], extra)
def receive():
    data, ancillary, _, _ = s.recvmsg(65536, socket.CMSG_SPACE(16 * 4))
    fds = array.array("i")
    for level, kind, body in ancillary:
        fds.frombytes(body[:len(body) - len(body) % 4])
    return data[12:], list(fds)
mode = sys.argv[1]
if mode == "echo":
    payload, fds = receive()
    send(payload.upper())
elif mode == "read-descriptor":
    payload, fds = receive()
    send(os.read(fds[0], 100))
elif mode == "descriptors":
    listing = []
    for name in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink("/proc/self/fd/" + name)
        except OSError:
            continue
        if not target.startswith("/proc/"):
            listing.append(name)
    send(" ".join(sorted(listing, key=int)).encode())
elif mode == "readable":
    # Which paths the child can read (list a folder, open a file); "$TMPDIR" is the
    # child's temporary folder, when it has one.
    def readable(p):
        p = os.path.expandvars(p)
        try:
            if os.path.isdir(p):
                os.listdir(p)
            else:
                open(p, "rb").close()
            return True
        except OSError:
            return False
    send(" ".join(p for p in sys.argv[2:] if readable(p)).encode())
elif mode == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
elif mode == "hang":
    time.sleep(600)
elif mode == "ready-then-hang":
    send(b"ready")
    time.sleep(600)
elif mode == "spawn-held":
    # A posix_spawn child held before its exec by FIFOs (HeldSpawn.swift). posix_spawn
    # keeps the GIL while it waits for the exec, so "ready" goes first.
    send(b"ready")
    os.posix_spawn("/usr/bin/true", ["true"], {}, file_actions=[
        (os.POSIX_SPAWN_OPEN, 10, sys.argv[2], os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 11, sys.argv[3], os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 12, sys.argv[4], os.O_RDONLY, 0)])
    time.sleep(600)
elif mode == "bomb":
    hoard = []
    for _ in range(60):
        hoard.append(b"x" * 10_000_000)
    time.sleep(600)
elif mode == "exit":
    sys.exit(int(sys.argv[2]))
"""#

    /// A configuration running the helper in `mode`, in sandbox `sandbox`.
    static func configuration(_ mode: String, _ arguments: [String] = [], sandbox: SandboxMode,
                              limits: ProcessLimits = .unlimited) -> ChildProcess.Configuration {
        ChildProcess.Configuration(executable: python, arguments: ["-c", script, mode] + arguments,
                                   sandbox: sandbox.profile(), limits: limits)
    }

    /// The live (not zombie) processes whose command line contains `argument`.
    static func processes(withArgument argument: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                  let commandLine = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                  String(decoding: commandLine, as: UTF8.self).split(separator: "\0").contains(Substring(argument)),
                  ProcessTree.state(of: pid) != .zombie else { return nil }
            return pid
        }
    }

    /// The first frame's payload as text.
    static func reply(from process: ChildProcess) async throws -> String {
        String(decoding: try await process.channel.receive().payload, as: UTF8.self)
    }
}
