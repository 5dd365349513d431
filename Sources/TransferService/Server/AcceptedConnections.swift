import CAppexSystem
import ExtensionIPC
import Glibc
import Synchronization
import SystemSupport
import TransferWire

/// The connections a listening socket accepts, as they come: the listener is registered
/// with the process's event loop and drained (accept4 until EAGAIN) on each readiness.
///
/// When descriptors run out (`EMFILE`, `ENFILE`) or accepting fails otherwise, the listener
/// is taken out of the loop's set for a while, as swift-nio's `AcceptBackoffHandler` does:
/// epoll is level-triggered, so a listener left in the set with a client waiting would wake
/// the loop again at once, and the loop would spin. Waiting clients stay in the backlog;
/// accepting resumes after a back-off (doubling from 10 ms up to 1 s while it keeps
/// failing), and the condition is reported to ``ServiceHealth`` until the backlog is empty.
final class AcceptedConnections: Sendable {
    let stream: AsyncStream<OwnedFileDescriptor>
    private let sink: AsyncStream<OwnedFileDescriptor>.Continuation
    private let loop: EventLoop
    private let listener: Int32
    private let health: ServiceHealth
    private let state = Mutex<State>(State())

    struct State {
        var registration: EventLoop.Registration?
        /// Whether the listener is in the loop's set (see ``EventLoop/modify(_:interest:armed:)``).
        var armed = true
        /// The pause after the next failed accept; `nil` after an accept succeeded.
        var backoff: Duration?
        /// The conditions accepting met since the backlog was last emptied: they hold.
        var conditions: Set<String> = []
        var resume: EventLoop.TimerID?
        var stopped = false
    }

    /// The first pause after a failed accept; each failure in a row doubles it, up to ``longestBackoff``.
    static let firstBackoff: Duration = .milliseconds(10)
    static let longestBackoff: Duration = .seconds(1)

    /// Accepts on `listener` (non-blocking) with the process's event loop.
    init(listener: Int32, health: ServiceHealth) throws(TransferServiceError) {
        (stream, sink) = AsyncStream.makeStream(of: OwnedFileDescriptor.self)
        self.listener = listener
        self.health = health
        do {
            loop = try EventLoop.shared()
        } catch {
            throw TransferServiceError(.unavailable, "cannot start the event loop: \(error)")
        }
        do {
            let registration = try loop.register(listener, interest: .read) { [weak self] _ in self?.drain() }
            state.withLock { $0.registration = registration }
        } catch {
            throw TransferServiceError(.unavailable, "cannot watch the listening socket: \(error)")
        }
    }

    /// Accepts every waiting client; on the loop's thread.
    private func drain() {
        while true {
            var fd: Int32 = -1
            let result = appex_unix_accept(listener, &fd)
            switch result {
            case 0:
                // Progress: the next pause starts short again.
                state.withLock { $0.backoff = nil }
                sink.yield(OwnedFileDescriptor(taking: fd))
            case EAGAIN, EWOULDBLOCK:
                // Every waiting client accepted: the condition has passed (not at the first
                // accept after a pause, which would report it again and again while the
                // backlog is worked through).
                let ended = state.withLock { state -> Set<String> in
                    defer { state.conditions = [] }
                    return state.conditions
                }
                ended.forEach(health.clear)
                return
            case ECONNABORTED, EPROTO, EPERM:
                // That one client is gone, or a security module refused it: the next may come.
                continue
            case EMFILE, ENFILE:
                pause(TransferServiceCondition.descriptorsExhausted, "no descriptor left to accept a client: \(SystemErrorText.text(result))"
                      + (result == EMFILE ? " (the service's limit, RLIMIT_NOFILE)" : " (the system's limit)"))
                return
            default:
                pause(TransferServiceCondition.acceptFailed, "accepting a client failed: \(SystemErrorText.text(result))")
                return
            }
        }
    }

    /// Takes the listener out of the loop's set and puts it back after the back-off. The
    /// set changes under the state's lock (an `epoll_ctl`, which never waits), so that a
    /// ``stop()`` in between cannot leave a stopped listener in the set.
    private func pause(_ condition: String, _ message: String) {
        health.report(condition, message)
        state.withLock { state in
            guard !state.stopped, let registration = state.registration else { return }
            state.conditions.insert(condition)
            let delay = state.backoff.map { min($0 * 2, Self.longestBackoff) } ?? Self.firstBackoff
            state.backoff = delay
            state.armed = loop.modify(registration, interest: [], armed: state.armed)
            state.resume = loop.schedule(after: delay) { [weak self] in self?.resume() }
        }
    }

    /// Puts the listener back in the loop's set after a back-off, and accepts at once; on
    /// the loop's thread. Not left to readiness: `accept` fails with `EMFILE` before it
    /// looks at the backlog, so the last failure may have come with the backlog empty, and
    /// only an accept that finds it empty (`EAGAIN`) says the condition has passed.
    private func resume() {
        let resumed = state.withLock { state -> Bool in
            state.resume = nil
            guard !state.stopped, let registration = state.registration else { return false }
            state.armed = loop.modify(registration, interest: .read, armed: state.armed)
            return true
        }
        if resumed { drain() }
    }

    /// Stops accepting; the stream ends.
    func stop() {
        let (registration, timer) = state.withLock { state -> (EventLoop.Registration?, EventLoop.TimerID?) in
            state.stopped = true
            return (state.registration.take(), state.resume.take())
        }
        if let timer { loop.cancel(timer) }
        if let registration { loop.deregister(registration) }
        sink.finish()
    }
}
