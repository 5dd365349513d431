import Synchronization

/// A flag one thread sets and another polls.
final class StopFlag: Sendable {
    private let stopped = Atomic(false)

    /// Sets the flag.
    func stop() { stopped.store(true, ordering: .releasing) }

    /// Whether the flag is set.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }
}
