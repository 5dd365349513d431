import Glibc

extension ChildProcess {
    /// Waits until the child ends or `timeout` passes (`nil`: forever); `nil` if it is
    /// still running.
    public func wait(timeout: Duration? = nil) -> ProcessEnding? {
        let deadline = Deadline(timeout: timeout)
        while true {
            if let ending = reap() { return ending }
            guard let fd = pidDescriptor.rawValue else { return reap() }
            if Poll.wait(fd, events: Int16(POLLIN), until: deadline) == 0 { return reap() }
        }
    }

    /// How the child ended, without waiting; `nil` while it runs.
    public var ending: ProcessEnding? { reap() }

    /// Collects the child's status if it has ended; safe from any thread.
    func reap() -> ProcessEnding? {
        state.withLock { state in
            if let ending = state.ending { return ending }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == 0 { return nil }
            // ECHILD: someone else reaped it; nothing more can be known.
            let ending = result == pid ? classify(status, reason: state.killReason) : .exited(code: -1)
            state.ending = ending
            return ending
        }
    }

    /// Turns a wait status into an ending, crediting a signal to Appex's kill reason.
    ///
    /// bubblewrap reports a child killed by signal N as exit status 128 + N; for a
    /// sandboxed child that status is read as the signal.
    func classify(_ status: Int32, reason: KillReason?) -> ProcessEnding {
        let termination = status & 0x7f
        var signal: Int32 = 0
        if termination == 0 {
            let code = (status >> 8) & 0xff
            guard isSandboxed, code > 128, code < 128 + 65 else { return .exited(code: code) }
            signal = code - 128
        } else {
            signal = termination
        }
        if let reason { return .killed(reason: reason, signal: signal) }
        return .signaled(signal: signal, name: ProcessEnding.signalName(signal))
    }
}
