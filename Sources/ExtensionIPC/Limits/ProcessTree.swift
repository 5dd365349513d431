import Foundation
import Glibc

/// The processes descending from one process, read from /proc.
///
/// /proc/<pid>/task/<tid>/children is missing on kernels built without
/// CONFIG_PROC_CHILDREN (as here), so the tree comes from each process's parent in
/// /proc/<pid>/stat. A process inside bubblewrap's PID namespace still appears under its
/// outer number, so the tree reaches through the sandbox.
package enum ProcessTree {
    /// `root` and every process descending from it that is alive now.
    package static func members(of root: Int32) -> [Int32] {
        members(of: root, children: childrenByParent(youngerThan: root))
    }

    /// Every process's children, from one pass over the process table; with
    /// `youngerThan`, only processes started after that one are read.
    ///
    /// Reading a stat file costs the kernel 15–25 µs, so a full pass over a busy machine's
    /// table takes milliseconds, on the event loop. A process's descendants were all
    /// created after it, and Linux hands out PIDs in increasing order until they wrap at
    /// `pid_max`: so unless the counter wrapped since `youngerThan` started
    /// (/proc/sys/kernel/ns_last_pid below it), only higher PIDs can be descendants.
    package static func childrenByParent(youngerThan root: Int32? = nil) -> [Int32: [Int32]] {
        let floor = root.flatMap { root in lastPID().map { $0 >= root ? root : nil } ?? nil } ?? 0
        var children: [Int32: [Int32]] = [:]
        guard let directory = opendir("/proc") else { return children }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), pid >= floor, let parent = parentOf(pid) else { continue }
            children[parent, default: []].append(pid)
        }
        return children
    }

    /// The PID the kernel handed out last in this PID namespace.
    static func lastPID() -> Int32? {
        guard let text = procFile("/proc/sys/kernel/ns_last_pid") else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `root` and its descendants in the table `children`.
    static func members(of root: Int32, children: [Int32: [Int32]]) -> [Int32] {
        var result: [Int32] = []
        var queue = [root]
        var seen: Set<Int32> = []
        while let pid = queue.popLast() {
            guard seen.insert(pid).inserted else { continue }
            result.append(pid)
            queue += children[pid] ?? []
        }
        return result
    }

    /// The parent process of `pid`, from the field after the command name in its stat file.
    static func parentOf(_ pid: Int32) -> Int32? {
        guard let fields = statFields(pid), fields.count > 1 else { return nil }
        return Int32(fields[1])
    }

    /// The command name of `pid` (its `comm`), or `nil` when it is gone.
    static func commandName(of pid: Int32) -> String? {
        guard let text = procFile("/proc/\(pid)/comm") else { return nil }
        return text.trimmingCharacters(in: .newlines)
    }

    /// The number of threads of `pid` (field 20 of its stat file), or `nil` when it is gone.
    static func threadCount(of pid: Int32) -> Int? {
        guard let fields = statFields(pid), fields.count > 17 else { return nil }
        return Int(fields[17])
    }

    /// A process's scheduling state, from its stat file.
    enum RunState {
        case running, stopped, zombie, gone

        /// Stopped, a zombie, or no longer there.
        var isStoppedOrGone: Bool { self != .running }
        /// A zombie or no longer there.
        var isGone: Bool { self == .zombie || self == .gone }
    }

    /// The state of `pid` now.
    static func state(of pid: Int32) -> RunState {
        guard let state = statFields(pid)?.first else { return .gone }
        switch state {
        case "T", "t": return .stopped
        case "Z", "X", "x": return .zombie
        default: return .running
        }
    }

    /// The fields of /proc/<pid>/stat after the command name (state first).
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let text = procFile("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// A small file of /proc (a stat, statm or comm file: one line), in one `read`; `nil`
    /// when it cannot be read (the process is gone).
    ///
    /// Supervision reads hundreds of these a round, so not through Foundation, whose file
    /// reading (a `fstat`, a buffer sized for it, a `Data`) cost several times the read.
    static func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer in
            let count = read(fd, buffer.baseAddress, buffer.count)
            guard count > 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }
}
