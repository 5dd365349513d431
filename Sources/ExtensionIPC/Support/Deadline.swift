import Glibc

/// A point in time after which a blocking call gives up; `nil` waits forever.
struct Deadline: Sendable {
    let instant: ContinuousClock.Instant?

    /// A deadline `timeout` from now, or none.
    init(timeout: Duration?) {
        instant = timeout.map { ContinuousClock.now.advanced(by: $0) }
    }

    /// The milliseconds `poll` should wait: -1 for no deadline, 0 once it has passed.
    var pollMilliseconds: Int32 {
        guard let instant else { return -1 }
        let remaining = ContinuousClock.now.duration(to: instant)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Whether the deadline has passed.
    var hasPassed: Bool {
        guard let instant else { return false }
        return ContinuousClock.now >= instant
    }
}

/// `poll` on one descriptor, retried on EINTR.
enum Poll {
    /// Waits until `fd` reports one of `events` or the deadline passes; returns the revents,
    /// 0 on timeout, or -errno.
    static func wait(_ fd: Int32, events: Int16, until deadline: Deadline) -> Int32 {
        while true {
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let result = Glibc.poll(&entry, 1, deadline.pollMilliseconds)
            if result > 0 { return Int32(entry.revents) }
            if result == 0 { return 0 }
            if errno != EINTR { return -errno }
        }
    }
}
