import Foundation

/// The machine's processes, as /proc lists them, for tests that check what an extension left
/// behind.
public enum ProcessTable {
    /// The processes whose environment names `home` as their HOME: what is left of an
    /// extension whose data container is `home` (the host gives each run its container as
    /// HOME, sandboxed or not), which lives in the test's own temporary folder.
    public static func processes(withHome home: String) -> [pid_t] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        return pids.filter { pid in
            FileManager.default.contents(atPath: "/proc/\(pid)/environ")?.split(separator: 0)
                .contains { $0.elementsEqual("HOME=\(home)".utf8) } ?? false
        }
    }
}
