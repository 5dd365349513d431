import Foundation

/// The processes descending from one process, read from /proc.
///
/// /proc/<pid>/task/<tid>/children is missing on kernels built without
/// CONFIG_PROC_CHILDREN (as here), so the tree comes from each process's parent in
/// /proc/<pid>/stat. A process inside bubblewrap's PID namespace still appears under its
/// outer number, so the tree reaches through the sandbox.
enum ProcessTree {
    /// `root` and every process descending from it that is alive now.
    static func members(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let parent = parentOf(pid) else { continue }
            children[parent, default: []].append(pid)
        }
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
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1 else { return nil }
        return Int32(fields[1])
    }
}
