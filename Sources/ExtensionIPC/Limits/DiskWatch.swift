import CAppexSystem
import Dispatch
import Glibc
import Synchronization

/// Holds a child to its ``DiskLimit``: answers, on the event loop, each call that the
/// disk watch's seccomp filter holds back (appex_disk_filter).
///
/// Each call is charged what it may add to a disk at most (appex_disk_charge: the bytes a
/// write names, a shared writable mapping's length, 8 KiB for a new name; nothing for a
/// pipe, a socket or a file in memory). While the last measurement of the folders plus
/// the charges since stays within the cap, the call runs at once. A call that would pass
/// it waits while the folders are measured again off the loop (a charge is an upper
/// bound: a rewrite, a deleted file or a hole does not add what it was charged), and then
/// runs, or the child is ended (`disk-limit-exceeded`) and the call never returns (a child
/// not attached yet gets ENOSPC). A measurement that fails resets no charge.
///
/// What the filter cannot see is bounded otherwise: RLIMIT_FSIZE (the cap) holds every
/// single file, and io_uring and the kernel's AIO are refused. docs/RELIABILITY.md says
/// what remains (a thread changing what a descriptor number names while another's write
/// on it waits, which the kernel re-reads when the call runs).
final class DiskWatch: Sendable {
    private struct Waiting {
        var id: UInt64
        var bytes: Int
    }

    private struct State {
        var registration: EventLoop.Registration?
        weak var process: ChildProcess?
        /// The shared folders' size when the child started.
        var baseline: Int?
        /// The folders' usage at the last measurement; `nil` until the first.
        var measured: Int?
        /// What the calls let run since the last measurement were charged.
        var charged = 0
        var measuring = false
        var waiting: [Waiting] = []
        var exceeded = false
    }

    private let listener: OwnedFileDescriptor
    private let limit: DiskLimit
    private let loop: EventLoop
    private let state = Mutex(State())

    /// One queue measures for every child: a measurement is a walk of folders.
    private static let measurements = DispatchQueue(label: "appex.disk-measurement")

    private init(listener: OwnedFileDescriptor, limit: DiskLimit, loop: EventLoop) {
        self.listener = listener
        self.limit = limit
        self.loop = loop
    }

    /// Starts answering `listener`'s calls on `loop` (the child waits until then), and
    /// measures the folders once.
    static func start(listener: OwnedFileDescriptor, limit: DiskLimit, loop: EventLoop) throws(ChannelError) -> DiskWatch {
        let watch = DiskWatch(listener: listener, limit: limit, loop: loop)
        guard let fd = listener.rawValue else { throw ChannelError.system("the disk watch's listener", EBADF) }
        // Measuring before the first call can arrive: calls wait for this measurement.
        watch.state.withLock { $0.measuring = true }
        let registration = try loop.register(fd, interest: .read) { [weak watch] events in watch?.ready(events) }
        watch.state.withLock { $0.registration = registration }
        watch.measure()
        return watch
    }

    /// The child to end when it passes the cap.
    func attach(_ process: ChildProcess) {
        state.withLock { $0.process = process }
    }

    /// Stops answering: the child has ended. A descendant left behind (unsandboxed) then
    /// gets ENOSYS from every watched call.
    ///
    /// The listener is closed on the loop, between two of its handlers: closed from another
    /// thread while ``ready(_:)`` held its number, the number could name the next run's
    /// listener by the time it was read, and that run's call be taken here and lost.
    func close() {
        loop.execute { [self] in shutDown() }
    }

    private func shutDown() {
        let registration = state.withLock { state -> EventLoop.Registration? in
            defer { state.registration = nil }
            return state.registration
        }
        if let registration { loop.deregister(registration) }
        listener.close()
    }

    // No handler can be running: each holds the watch while it runs.
    deinit { shutDown() }

    private func ready(_ events: UInt32) {
        guard let fd = listener.rawValue else { return }
        if events & APPEX_EVENT_IN == 0 {
            // Hung up: every process under the filter is gone.
            shutDown()
            return
        }
        var call = appex_disk_call()
        guard appex_disk_receive(fd, &call) == 0 else { return }  // ENOENT: its caller is gone
        var bytes: UInt64 = 0
        // ESRCH: the caller or its descriptor went; running the call says so.
        let charged = appex_disk_charge(&call, &bytes) == 0 ? Int(clamping: bytes) : 0
        decide(Waiting(id: call.id, bytes: charged))
    }

    private func decide(_ call: Waiting) {
        enum Decision { case run, refuse, wait, measure }
        let decision = state.withLock { state -> Decision in
            if call.bytes == 0 { return .run }
            if state.exceeded { return .refuse }
            if !state.measuring, let measured = state.measured, measured + state.charged + call.bytes <= limit.cap {
                state.charged += call.bytes
                return .run
            }
            state.waiting.append(call)
            if state.measuring { return .wait }
            state.measuring = true
            return .measure
        }
        switch decision {
        case .run: answer(call.id, error: 0)
        case .refuse: if state.withLock({ $0.process == nil }) { answer(call.id, error: ENOSPC) }
        case .wait: break
        case .measure: measure()
        }
    }

    /// Measures the folders off the loop, then settles the waiting calls on it.
    private func measure() {
        let limit = limit
        let baseline = state.withLock { $0.baseline }
        Self.measurements.async { [weak self] in
            let shared = DiskLimit.usage(of: limit.sharedFolders)
            let containers = DiskLimit.usage(of: limit.containers)
            let usage = shared.flatMap { shared in containers.map { $0 + max(0, shared - (baseline ?? shared)) } }
            self?.loop.execute { [weak self] in self?.settle(usage: usage, shared: shared) }
        }
    }

    /// Decides the waiting calls after a measurement. A failed one (`usage` nil) resets
    /// nothing: the charges keep adding up on the last measurement, so the cap still holds.
    private func settle(usage measuredNow: Int?, shared: Int?) {
        var answers: [(id: UInt64, error: Int32)] = []
        var ending: (process: ChildProcess?, bytes: Int)?
        var usage = 0
        state.withLock { state in
            if state.baseline == nil, let shared { state.baseline = shared }
            state.measuring = false
            if let measuredNow {
                state.measured = measuredNow
                state.charged = 0
            } else if state.measured == nil {
                state.measured = 0
            }
            usage = state.measured ?? 0
            for call in state.waiting {
                if !state.exceeded && usage + state.charged + call.bytes <= limit.cap {
                    state.charged += call.bytes
                    answers.append((call.id, 0))
                } else {
                    if !state.exceeded { ending = (state.process, usage + state.charged + call.bytes) }
                    state.exceeded = true
                    answers.append((call.id, ENOSPC))
                }
            }
            state.waiting.removeAll()
        }
        // The child is ended and the refused calls stay unanswered: their threads never run
        // again, so the run cannot complete after its write failed and the report says why.
        if let ending, let process = ending.process {
            process.kill(reason: KillReason(code: .diskLimitExceeded, message: Self.message(limit: limit, wouldHold: ending.bytes, measured: usage)))
            answers.removeAll { $0.error != 0 }
        }
        for answer in answers { self.answer(answer.id, error: answer.error) }
    }

    private func answer(_ id: UInt64, error: Int32) {
        guard let fd = listener.rawValue else { return }
        _ = appex_disk_respond(fd, id, error)  // ENOENT: the caller is gone
    }

    static func message(limit: DiskLimit, wouldHold bytes: Int, measured: Int) -> String {
        "disk limit exceeded (its containers would hold \(bytes / 1_000_000) MB > \(limit.cap / 1_000_000) MB; "
            + "\(measured / 1_000_000) MB measured, the rest asked for by its last write)"
    }
}
