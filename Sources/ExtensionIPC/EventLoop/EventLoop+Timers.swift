import Synchronization

extension EventLoop {
    /// Runs `work` on the loop's thread once `delay` has passed; cancel with ``cancel(_:)``.
    @discardableResult
    package func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> TimerID {
        let deadline = ContinuousClock.now.advanced(by: delay)
        let (id, mustWake) = state.withLock { state -> (UInt64, Bool) in
            defer { state.nextToken += 1 }
            let earliest = state.timers.values.map(\.deadline).min()
            state.timers[state.nextToken] = (deadline, work)
            // The loop sleeps until its earliest timer: wake it when this one is earlier.
            let wake = (earliest.map { deadline < $0 } ?? true) && !state.wakePending
            if wake { state.wakePending = true }
            return (state.nextToken, wake)
        }
        if mustWake { signalWake() }
        return TimerID(value: id)
    }

    /// Cancels a timer that has not fired; later calls do nothing.
    package func cancel(_ timer: TimerID) {
        _ = state.withLock { $0.timers.removeValue(forKey: timer.value) }
    }

    /// Suspends the caller for `duration`, measured by the loop's timers; returns early
    /// (without throwing) when the task is cancelled.
    package func sleep(for duration: Duration) async {
        let resumed = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let timer = Mutex<TimerID?>(nil)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                resumed.withLock { $0 = continuation }
                timer.withLock { $0 = schedule(after: duration) { resumed.withLock { $0.take() }?.resume() } }
                if Task.isCancelled { resumed.withLock { $0.take() }?.resume() }
            }
        } onCancel: {
            if let id = timer.withLock({ $0 }) { cancel(id) }
            resumed.withLock { $0.take() }?.resume()
        }
    }

    /// The nanoseconds epoll may sleep before the earliest timer is due (-1: no timer).
    func pollTimeout(now: ContinuousClock.Instant) -> Int64 {
        state.withLock { state in
            guard let earliest = state.timers.values.map(\.deadline).min() else { return -1 }
            let remaining = now.duration(to: earliest)
            if remaining <= .zero { return 0 }
            let (seconds, attoseconds) = remaining.components
            return seconds.multipliedReportingOverflow(by: 1_000_000_000).overflow
                ? Int64.max : seconds * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
        }
    }

    /// Removes and returns the timers due at `now`, earliest first.
    func takeDueTimers(now: ContinuousClock.Instant) -> [@Sendable () -> Void] {
        state.withLock { state in
            let due = state.timers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in due { state.timers.removeValue(forKey: id) }
            return due.map(\.value.work)
        }
    }
}
