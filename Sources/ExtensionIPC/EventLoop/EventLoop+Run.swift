import CAppexSystem
import Glibc

extension EventLoop {
    /// The loop: wait for readiness or the next timer, dispatch, run submitted work and due
    /// timers, again. It runs for the life of the process.
    func run() {
        let capacity = 64
        var tokens = [UInt64](repeating: 0, count: capacity)
        var events = [UInt32](repeating: 0, count: capacity)
        while true {
            var count: Int32 = 0
            let result = tokens.withUnsafeMutableBufferPointer { tokenBuffer in
                events.withUnsafeMutableBufferPointer { eventBuffer in
                    appex_epoll_wait(epoll, tokenBuffer.baseAddress, eventBuffer.baseAddress, Int32(capacity),
                                     pollTimeout(now: .now), &count)
                }
            }
            if result != 0 && result != EINTR {
                // epoll_wait fails only on a bad descriptor or argument: nothing to recover.
                preconditionFailure("epoll_wait failed: \(result)")
            }
            for index in 0..<Int(count) {
                if tokens[index] == 0 {
                    drainWake()
                    continue
                }
                let handler = state.withLock { $0.handlers[tokens[index]] }
                handler?(events[index])
            }
            let work = state.withLock { state -> [@Sendable () -> Void] in
                defer { state.work.removeAll(keepingCapacity: true) }
                return state.work
            }
            work.forEach { $0() }
            takeDueTimers(now: .now).forEach { $0() }
        }
    }

    private func drainWake() {
        var value: UInt64 = 0
        _ = Glibc.read(wake, &value, 8)
        state.withLock { $0.wakePending = false }
    }
}
