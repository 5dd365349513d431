import CAppexSystem
import Glibc
import Synchronization

extension ChildProcess {
    /// Registers the pidfd: when it becomes readable the child has ended, and the loop
    /// reaps it at once.
    func watchExit() throws(ChannelError) {
        guard let fd = pidDescriptor.rawValue else { throw ChannelError(code: .closed, message: "the pidfd is closed") }
        let registration = try loop.register(fd, interest: .read) { [weak self] _ in _ = self?.reap() }
        // It may have ended before the registration: epoll reports that too (level-triggered).
        // Should the loop have reaped it before the registration was kept here, the reap
        // could not deregister it, and the readable pidfd would wake the loop for ever.
        let late = state.withLock { state -> EventLoop.Registration? in
            guard state.ending == nil else { return registration }
            state.registration = registration
            return nil
        }
        if let late { loop.deregister(late) }
    }

    /// Waits until the child has ended and returns how; the event is its pidfd, never a poll.
    package func exit() async -> ProcessEnding {
        if let ending = await exit(within: nil) { return ending }
        // Only a cancelled caller gets here; report what is known.
        return reap() ?? .exited(code: -1)
    }

    /// Waits until the child ends, or `limit` passes (`nil`: no limit); `nil` if it still
    /// runs then, or if the waiting task is cancelled.
    package func exit(within limit: Duration?) async -> ProcessEnding? {
        if let ending = reap() { return ending }
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ProcessEnding?, Never>) in
                let ended = state.withLock { state -> ProcessEnding?? in
                    if let ending = state.ending { return .some(ending) }
                    if Task.isCancelled { return .some(nil) }
                    state.exitWaiters[id] = continuation
                    return .none
                }
                if let ended { return continuation.resume(returning: ended) }
                if let limit {
                    loop.schedule(after: limit) { [self] in resumeWaiter(id, with: nil) }
                }
            }
        } onCancel: {
            resumeWaiter(id, with: nil)
        }
    }

    private func resumeWaiter(_ id: UInt64, with ending: ProcessEnding?) {
        let waiter = state.withLock { $0.exitWaiters.removeValue(forKey: id) }
        waiter?.resume(returning: ending)
    }

    /// How the child ended, without waiting; `nil` while it runs.
    package var ending: ProcessEnding? { reap() }

    /// Collects the child's status if it has ended, and tells everyone who waits.
    @discardableResult
    func reap() -> ProcessEnding? {
        let reaped = state.withLock { state -> Reaped? in
            if let ending = state.ending { return Reaped(ending: ending, isFirst: false) }
            var status: Int32 = 0, collected: Int32 = 0
            let result = appex_reap(pid, &status, &collected)
            if result == 0 && collected == 0 { return nil }
            // ECHILD: someone else reaped it; nothing more can be known.
            let ending = result == 0 ? classify(status, reason: state.killReason) : .exited(code: -1)
            state.ending = ending
            defer {
                state.exitWaiters.removeAll()
                state.registration = nil
                state.wallClockTimer = nil
            }
            return Reaped(ending: ending, isFirst: true, waiters: Array(state.exitWaiters.values),
                          registration: state.registration, timer: state.wallClockTimer)
        }
        guard let reaped else { return nil }
        if reaped.isFirst {
            if let registration = reaped.registration { loop.deregister(registration) }
            if let timer = reaped.timer { loop.cancel(timer) }
            ProcessSupervisor.shared(on: loop).remove(pid)
            LandlockReaper.ifStarted?.forget(session: pid)
            if let privateFolders { Self.removePrivateFolders(privateFolders) }
            diskWatch?.close()
            // Frames already sent are still delivered; nothing later keeps the session open.
            channel.shutdownReceiving()
            reaped.waiters.forEach { $0.resume(returning: reaped.ending) }
        }
        return reaped.ending
    }

    /// What one call of ``reap()`` found, and what the first one must tidy up.
    private struct Reaped {
        var ending: ProcessEnding
        var isFirst: Bool
        var waiters: [CheckedContinuation<ProcessEnding?, Never>] = []
        var registration: EventLoop.Registration?
        var timer: EventLoop.TimerID?
    }

    /// Turns a wait status into an ending, crediting a signal to Appex's kill reason.
    ///
    /// bubblewrap reports a child killed by signal N as exit status 128 + N; for a child
    /// in bubblewrap that status is read as the signal.
    func classify(_ status: Int32, reason: KillReason?) -> ProcessEnding {
        let termination = status & 0x7f
        var signal: Int32 = 0
        if termination == 0 {
            let code = (status >> 8) & 0xff
            guard isBubblewrap, code > 128, code < 128 + 65 else { return .exited(code: code) }
            signal = code - 128
        } else {
            signal = termination
        }
        if let reason { return .killed(reason: reason, signal: signal) }
        return .signaled(signal: signal, name: ProcessEnding.signalName(signal))
    }

    /// Reaps a child nobody holds any more, once its pidfd says it ended, and then removes
    /// its private folders.
    static func reapWhenEnded(pid: Int32, loop: EventLoop, privateFolders: PrivateFolders? = nil) {
        var pidfd: Int32 = -1
        guard appex_pidfd_open(pid, &pidfd) == 0 else {
            var status: Int32 = 0, reaped: Int32 = 0
            _ = appex_reap(pid, &status, &reaped)
            if let privateFolders { removePrivateFolders(privateFolders) }
            return
        }
        let descriptor = OwnedFileDescriptor(taking: pidfd)
        // The handler may run before `register` has returned. Whichever side comes second
        // deregisters, then closes: a descriptor is never closed while it is registered.
        let shared = Mutex<(registration: EventLoop.Registration?, ended: Bool)>((nil, false))
        let finish = { @Sendable (registration: EventLoop.Registration) in
            loop.deregister(registration)
            descriptor.close()
            LandlockReaper.ifStarted?.forget(session: pid)
            if let privateFolders { removePrivateFolders(privateFolders) }
        }
        let registered = try? loop.register(pidfd, interest: .read) { _ in
            var status: Int32 = 0, reaped: Int32 = 0
            guard appex_reap(pid, &status, &reaped) != 0 || reaped != 0 else { return }
            let own = shared.withLock { shared -> EventLoop.Registration? in
                shared.ended = true
                return shared.registration.take()
            }
            if let own { finish(own) }
        }
        guard let registered else { return }
        let ended = shared.withLock { shared -> Bool in
            if !shared.ended { shared.registration = registered }
            return shared.ended
        }
        if ended { finish(registered) }
    }
}
