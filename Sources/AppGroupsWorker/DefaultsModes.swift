import AppGroups
import Foundation
import Synchronization

/// The shared-defaults modes.
enum DefaultsModes {
    /// Increments `key` `count` times with ``SharedDefaults/update(forKey:_:)``, printing each
    /// committed result.
    static func increment(container: URL, suite: String, key: String, count: Int) throws {
        let defaults = try SharedDefaults(containerURL: container, suiteName: suite)
        for _ in 0..<count {
            let value = try defaults.update(forKey: key) { old in ((old as? Int) ?? 0) + 1 }
            Worker.emit("\((value as? Int) ?? -1)")
        }
    }

    /// Sets `key` to the string `value` and prints `set`.
    static func set(container: URL, suite: String, key: String, value: String) throws {
        let defaults = try SharedDefaults(containerURL: container, suiteName: suite)
        try defaults.set(value, forKey: key)
        Worker.emit("set")
    }

    /// Prints the string value of `key`, or `nil`.
    static func get(container: URL, suite: String, key: String) throws {
        let defaults = try SharedDefaults(containerURL: container, suiteName: suite)
        Worker.emit(defaults.string(forKey: key) ?? "nil")
    }

    /// Prints `ready` once observing, then `changed <key>=<value>,…` for each notification,
    /// and exits after `notifications` of them; prints `timeout` and fails after a minute
    /// without them, so that a test waiting for its output cannot hang.
    static func observe(container: URL, suite: String, notifications: Int) throws {
        let defaults = try SharedDefaults(containerURL: container, suiteName: suite)
        let remaining = Mutex(notifications)
        let done = DispatchSemaphore(value: 0)
        let observation = try defaults.observe { change in
            let pairs = change.keys.sorted().map { "\($0)=\(defaults.string(forKey: $0) ?? "nil")" }
            Worker.emit("changed " + pairs.joined(separator: ","))
            let finished = remaining.withLock { count in
                count -= 1
                return count == 0
            }
            if finished { done.signal() }
        }
        Worker.emit("ready")
        defer { observation.cancel() }
        if notifications > 0, done.wait(timeout: .now() + 60) == .timedOut {
            Worker.emit("timeout")
            throw WorkerFailure(status: 1, message: "no notification within a minute")
        }
    }
}
