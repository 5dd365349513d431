import NIOCore
import Synchronization

/// Ends an upload attempt whose body has not moved for ``limit``: a server that stops
/// reading mid-body leaves the connection open and the socket full, and AsyncHTTPClient
/// neither times that out (its write timeout does not count a body held back by
/// backpressure, and its read timeout is armed only once the body is sent) nor fails it.
/// The watch checks on the connection's event loop, a few times per limit, and cancels the
/// request once nothing moved for that long; the attempt then ends as timed out.
final class StallWatch: Sendable {
    private struct State {
        var last = NIODeadline.now()
        var bodyEnded = false
        var fired = false
        var check: RepeatedTask?
    }

    let limit: TimeAmount
    private let state = Mutex(State())

    init(limit: TimeAmount) {
        self.limit = limit
    }

    /// The body starts (again, after a redirect): watched from now.
    func bodyStarted() {
        state.withLock { state in
            state.bodyEnded = false
            state.last = .now()
        }
    }

    /// A piece of the body went out.
    func moved() { state.withLock { $0.last = .now() } }

    /// The whole body went out: from here the response's read timeout applies.
    func bodyEnded() { state.withLock { $0.bodyEnded = true } }

    /// Whether the watch cancelled the request.
    var fired: Bool { state.withLock { $0.fired } }

    /// Starts checking on `loop`; `cancel` ends the request when the body stalled.
    func arm(on loop: any EventLoop, cancel: @escaping @Sendable () -> Void) {
        let interval = max(.milliseconds(100), TimeAmount.nanoseconds(limit.nanoseconds / 4))
        let check = loop.scheduleRepeatedTask(initialDelay: interval, delay: interval) { [self] _ in
            let stalled = state.withLock { state -> Bool in
                guard !state.bodyEnded, !state.fired, NIODeadline.now() - state.last >= limit else { return false }
                state.fired = true
                return true
            }
            if stalled { cancel() }
        }
        state.withLock { $0.check = check }
    }

    /// Stops checking.
    func stop() {
        state.withLock { $0.check.take() }?.cancel()
    }
}
