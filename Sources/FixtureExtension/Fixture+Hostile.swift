import AppExtensions
import AppGroups
import CAppexSystem
import ExtensionIPC
import ExtensionWire
import Foundation
import Glibc

/// The attacks of the hostile-extension tests (docs/RELIABILITY.md). Each is bounded, so
/// that a limit that fails to hold costs the machine a known amount and no more.
extension Fixture {
    /// `ENOSPC` for an errno, or its number.
    static func errorName(_ code: Int32) -> String {
        appex_errno_name(code).map { String(cString: $0) } ?? "errno \(code)"
    }

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Its data container, as the host names it (`NSHomeDirectory()` is the user's passwd
    /// home where /etc/passwd is readable, outside a sandbox).
    static var dataContainer: String { environment["APPEX_DATA_CONTAINER"] ?? NSHomeDirectory() }

    /// Writes 1 MiB blocks into new files in its data container (or its temporary folder,
    /// when `APPEX_FIXTURE_FOLDER` is `tmp`), each file until a write fails with EFBIG
    /// (SIGXFSZ ignored), up to 256 MiB in all (16 times the suite's cap: an unbounded fill
    /// would hold up every other test's disk when the supervisor is late); "wrote N MiB,
    /// then ENOSPC" (or "wrote 256 MiB").
    /// Each write waits for the disk (O_DSYNC): the attack is the amount, and a flood of
    /// dirty pages would stall every other process of a test run on its writeback.
    ///
    /// `APPEX_FIXTURE_FILL_CALL` chooses how each block is written: `write` (the default),
    /// `writev` (two halves), `fallocate`, `mmap` (a shared writable mapping of the block,
    /// filled in memory), or `mkdir` (a folder per 4 KiB instead of a block).
    static func fillDisk() -> String {
        signal(SIGXFSZ, SIG_IGN)
        let folder = environment["APPEX_FIXTURE_FOLDER"] == "tmp" ? FileManager.default.temporaryDirectory.path : dataContainer
        let call = environment["APPEX_FIXTURE_FILL_CALL"] ?? "write"
        let bound = 256 << 20
        if call == "mkdir" {
            var total = 0
            for index in 0..<(bound >> 12) {
                guard mkdir("\(folder)/fill-\(index)", 0o700) == 0 else { return "wrote \(total >> 20) MiB, then \(errorName(errno))" }
                total += 4096
            }
            return "wrote \(total >> 20) MiB"
        }
        let block = [UInt8](repeating: 0x41, count: 1 << 20)
        var total = 0
        for index in 0... {
            let fd = open("\(folder)/fill-\(index)", O_RDWR | O_CREAT | O_TRUNC | O_DSYNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return "wrote \(total >> 20) MiB, then \(errorName(errno))" }
            var inFile = 0
            while total < bound {
                let written = writeBlock(block, to: fd, at: inFile, with: call)
                if written > 0 {
                    total += written
                    inFile += written
                    continue
                }
                let code = errno
                close(fd)
                if code == EFBIG && inFile > 0 { break }
                return "wrote \(total >> 20) MiB, then \(errorName(code))"
            }
            if total >= bound {
                close(fd)
                return "wrote \(total >> 20) MiB"
            }
        }
        return "wrote \(total >> 20) MiB"
    }

    /// Writes `block` at `offset` of `fd` with `call` (``fillDisk()``): the bytes written, or
    /// -1 with errno set.
    private static func writeBlock(_ block: [UInt8], to fd: Int32, at offset: Int, with call: String) -> Int {
        switch call {
        case "writev":
            return block.withUnsafeBytes { bytes -> Int in
                let half = bytes.count / 2
                var vectors = [iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: half),
                               iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress.map { $0 + half }), iov_len: bytes.count - half)]
                return writev(fd, &vectors, 2)
            }
        case "fallocate":
            // posix_fallocate is glibc's fallocate(2), returning the error.
            let result = posix_fallocate(fd, off_t(offset), off_t(block.count))
            if result != 0 { errno = result }
            return result == 0 ? block.count : -1
        case "mmap":
            guard ftruncate(fd, off_t(offset + block.count)) == 0 else { return -1 }
            guard let mapped = mmap(nil, block.count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)),
                  mapped != MAP_FAILED else { return -1 }
            block.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { mapped.copyMemory(from: base, byteCount: bytes.count) }
            }
            msync(mapped, block.count, MS_SYNC)
            munmap(mapped, block.count)
            return block.count
        default:
            return write(fd, block, block.count)
        }
    }

    /// Starts `sleep SECONDS` (`APPEX_FIXTURE_BOMB_SLEEP`, 600) in its own process group,
    /// without the channel, to outlive the extension, which then exits as usual: "started
    /// PID", or the error.
    static func leaveChild() -> String {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // Not the channel: the host would wait for it to close.
        posix_spawn_file_actions_addclose(&actions, 3)
        // Out of the extension's process group, which the host's kill signals as a whole.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup(environment["APPEX_FIXTURE_BOMB_SLEEP"] ?? "600"), nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = arguments.withUnsafeBufferPointer { argv in
            // The buffer holds at least its terminating nil.
            argv.baseAddress.map { posix_spawn(&pid, "/usr/bin/sleep", &actions, &attributes, $0, environ) } ?? EINVAL
        }
        return result == 0 ? "started \(pid)" : "spawn: \(errorName(result))"
    }

    /// Opens /dev/null until the kernel refuses, closes them all again, and says how many
    /// it got and its limit: "opened 1017, then EMFILE (limit 1024)".
    static func exhaustDescriptors() -> String {
        var opened: [Int32] = []
        var failure: Int32 = 0
        while opened.count < 1_100_000 {
            let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
            if fd < 0 {
                failure = errno
                break
            }
            opened.append(fd)
        }
        opened.forEach { close($0) }
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        return "opened \(opened.count), then \(errorName(failure)) (limit \(limit.rlim_cur))"
    }

    /// Sends the host thousands of descriptors of one file (`flood-marker` in its data
    /// container): 20 frames each claiming and carrying 253 (the frame limit is 16), then 60
    /// misuse reports each carrying 16 (a message that takes none); then waits for the host
    /// to end it. Each send waits for room (the channel made blocking). A send the kernel
    /// refuses because the user has too many descriptors in flight (ETOOMANYREFS: the host
    /// has not read the earlier ones yet) is not tried again: the host ends the run at the
    /// first frame, and the kernel gives no event for when it has read.
    static func floodDescriptors() -> Never {
        let marker = open(dataContainer + "/flood-marker", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        let flags = fcntl(3, F_GETFL)
        _ = fcntl(3, F_SETFL, flags & ~O_NONBLOCK)
        if marker >= 0, let frame = try? WireMessage.misuse(Misuse(code: "descriptors", message: "here")).frame(),
           let encoded = try? FrameEncoder.encode(frame) {
            for (frames, count) in [(20, 253), (60, 16)] {
                var bytes = encoded
                bytes[7] = UInt8(count)  // the header's descriptor count
                let descriptors = [Int32](repeating: marker, count: count)
                for _ in 0..<frames {
                    var sent = 0
                    _ = bytes.withUnsafeBytes { raw in
                        appex_send_with_fds(3, raw.baseAddress, raw.count, descriptors, Int32(count), &sent)
                    }
                }
            }
        }
        // Until the host's SIGKILL.
        while true { pause() }
    }

    /// "ptrace: …" for PTRACE_SEIZE of `APPEX_FIXTURE_TARGET_PID` (the host), then
    /// "; mem: …" for opening its /proc/PID/mem and "; read: …" for process_vm_readv of it.
    static func traceHost() -> String {
        guard let text = environment["APPEX_FIXTURE_TARGET_PID"], let pid = Int32(text) else { return "no APPEX_FIXTURE_TARGET_PID" }
        let seized = appex_ptrace_seize(pid)
        let mem = open("/proc/\(pid)/mem", O_RDONLY | O_CLOEXEC)
        let memError = mem >= 0 ? 0 : errno
        if mem >= 0 { close(mem) }
        var byte: UInt8 = 0
        let readError = appex_read_process_memory(pid, 0x400000, &byte, 1)
        func outcome(_ code: Int32) -> String { code == 0 ? "done" : errorName(code) }
        return "ptrace: \(outcome(seized)); mem: \(outcome(memError)); read: \(outcome(readError))"
    }

    /// Connects to `APPEX_FIXTURE_CONNECT`: `unix-abstract:NAME` or `tcp:PORT` (on
    /// 127.0.0.1); "socket: EACCES", "connect: ECONNREFUSED" or "connect: done".
    static func connectOut() -> String {
        let target = environment["APPEX_FIXTURE_CONNECT"] ?? ""
        if target.hasPrefix("unix-abstract:") {
            let name = Array(target.dropFirst("unix-abstract:".count).utf8)
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return "socket: \(errorName(errno))" }
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { path in
                for (index, byte) in name.prefix(path.count - 1).enumerated() { path[index + 1] = byte }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + min(name.count, 107))
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
            }
            return result == 0 ? "connect: done" : "connect: \(errorName(errno))"
        }
        if target.hasPrefix("tcp:"), let port = UInt16(target.dropFirst(4)) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return "socket: \(errorName(errno))" }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            return result == 0 ? "connect: done" : "connect: \(errorName(errno))"
        }
        return "no target \(target)"
    }

    /// Runs `APPEX_FIXTURE_PROGRAM` with `APPEX_FIXTURE_ARGUMENTS` (space-separated) and
    /// returns what it printed, or "spawn: …".
    static func runProgram() -> String {
        let program = environment["APPEX_FIXTURE_PROGRAM"] ?? "/usr/bin/id"
        let arguments = [program] + (environment["APPEX_FIXTURE_ARGUMENTS"] ?? "").split(separator: " ").map(String.init)
        var readEnd: Int32 = -1, writeEnd: Int32 = -1
        let piped = appex_pipe_cloexec(&readEnd, &writeEnd)
        guard piped == 0 else { return "pipe: \(errorName(piped))" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        close(writeEnd)
        defer { close(readEnd) }
        guard spawned == 0 else { return "spawn: \(errorName(spawned))" }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Replaces each path of `APPEX_FIXTURE_PLANT` (a JSON object: path relative to its
    /// first app group's container → link target) with a symbolic link; "planted N".
    static func plantSymlinks() -> String {
        guard let container = AppGroupContainers.current.groupIdentifiers.first
                .flatMap(AppGroupContainers.current.containerURL(forSecurityApplicationGroupIdentifier:)),
              let json = environment["APPEX_FIXTURE_PLANT"]?.data(using: .utf8),
              let plants = try? JSONSerialization.jsonObject(with: json) as? [String: String] else { return "no app group or plants" }
        var planted = 0
        for (relative, target) in plants.sorted(by: { $0.key < $1.key }) {
            let link = container.appendingPathComponent(relative)
            try? FileManager.default.removeItem(at: link)
            try? FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard symlink(target, link.path) == 0 else { return "symlink \(relative): \(errorName(errno))" }
            planted += 1
        }
        return "planted \(planted)"
    }
}
