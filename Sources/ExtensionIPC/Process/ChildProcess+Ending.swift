import Glibc

extension ChildProcess {
    /// Asks the child to end (SIGTERM), then kills it (SIGKILL) if it is still running
    /// after `grace`; returns how it ended.
    @discardableResult
    public func terminate(grace: Duration = .seconds(2)) -> ProcessEnding {
        if let ending = reap() { return ending }
        recordReason(KillReason(code: .terminated, message: "terminated by the host"))
        signalTree(SIGTERM)
        if let ending = wait(timeout: grace) { return ending }
        signalTree(SIGKILL)
        return wait() ?? .exited(code: -1)
    }

    /// Kills the child and its descendants now (SIGKILL), recording `reason`.
    public func kill(reason: KillReason) {
        guard reap() == nil else { return }
        recordReason(reason)
        signalTree(SIGKILL)
    }

    /// Keeps the first reason: the one that started the ending.
    func recordReason(_ reason: KillReason) {
        state.withLock { state in
            if state.killReason == nil { state.killReason = reason }
        }
    }

    /// Sends `signal` to the child's process group and to every descendant found in /proc
    /// (descendants in bubblewrap's own session are not in the group).
    func signalTree(_ signal: Int32) {
        let members = ProcessTree.members(of: pid)
        _ = Glibc.kill(-pid, signal)
        for member in members where member != pid { _ = Glibc.kill(member, signal) }
    }
}
