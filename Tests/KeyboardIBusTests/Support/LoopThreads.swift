import Foundation

/// The threads of this process that run a `withIBusEngines` GLib loop, counted by their
/// kernel name in /proc/self/task/*/comm.
func loopThreadCount() throws -> Int {
    let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
    return tasks.filter { task in
        let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
        return name?.trimmingCharacters(in: .newlines) == "appex-ibus-loop"
    }.count
}
