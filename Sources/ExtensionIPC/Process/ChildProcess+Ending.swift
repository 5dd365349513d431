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

    /// Sends `signal` to the child and every descendant, without losing one to a race.
    ///
    /// Descendants in bubblewrap's own session are not in the child's process group, and
    /// a descendant whose parent dies first is handed to init, out of reach of a later
    /// scan (bubblewrap's inner process may not yet have asked to die with its parent).
    /// So the child is stopped first and the host waits until it is (a stopped process
    /// forks no more and its children keep their parent); the tree is read from /proc;
    /// the descendants get the signal first and, for SIGKILL, are waited for; then the
    /// child gets it, and is continued so that a catchable signal reaches it. In the
    /// sandbox a catchable signal reaches only the sandboxed program, not bubblewrap.
    /// bubblewrap's inner process is PID 1 of the sandbox's PID namespace: when it dies,
    /// the kernel kills everything left inside.
    func signalTree(_ signal: Int32) {
        _ = Glibc.kill(pid, SIGSTOP)
        ProcessTree.waitUntil(pid, within: .milliseconds(200)) { $0.isStoppedOrGone }
        let descendants = ProcessTree.members(of: pid).filter { $0 != pid }
        if isSandboxed && signal != SIGKILL {
            // A catchable signal goes to the sandboxed program only: bubblewrap dying of it
            // while still setting up would orphan its inner process before that process
            // asked to die with its parent. The SIGKILL that follows a grace period ends
            // whatever is left.
            for member in descendants where ProcessTree.commandName(of: member) != "bwrap" {
                _ = Glibc.kill(member, signal)
            }
            _ = Glibc.kill(pid, SIGCONT)
            return
        }
        for member in descendants.reversed() { _ = Glibc.kill(member, signal) }
        if signal == SIGKILL {
            for member in descendants { ProcessTree.waitUntil(member, within: .milliseconds(200)) { $0.isGone } }
        }
        _ = Glibc.kill(-pid, signal)
        _ = Glibc.kill(pid, signal)
        _ = Glibc.kill(pid, SIGCONT)
    }
}
