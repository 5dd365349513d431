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

    /// Prints `ready` once observing, then `changed <key>=<value>,…` for each notification,
    /// and exits after `notifications` of them.
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
        if notifications > 0 { done.wait() }
        observation.cancel()
    }
}
