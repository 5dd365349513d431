import CAppexSystem
import Glibc

extension ChildProcess {
    /// Asks the child to end (SIGTERM), then kills it (SIGKILL) if it is still running
    /// after `grace`; returns how it ended.
    @discardableResult
    package func terminate(grace: Duration = .seconds(2)) async -> ProcessEnding {
        if let ending = reap() { return ending }
        recordReason(KillReason(code: .terminated, message: "terminated by the host"))
        // On the loop's thread: a child stopped for the tree read must not wait for a free
        // thread of a busy cooperative pool before it is killed or continued.
        return await withTaskExecutorPreference(loop) {
            await signalTree(SIGTERM)
            if let ending = await exit(within: grace) { return ending }
            await signalTree(SIGKILL)
            return await exit()
        }
    }

    /// Kills the child and its descendants now (SIGKILL), recording `reason`; returns at
    /// once. The kill runs as a task this process owns; ``exit()`` tells when it is over.
    package func kill(reason: KillReason) {
        guard reap() == nil else { return }
        recordReason(reason)
        state.withLock { state in
            guard state.killer == nil else { return }
            state.killer = Task(executorPreference: loop) { [self] in await signalTree(SIGKILL) }
        }
    }

    /// Ends the child gently, recording `reason`: SIGTERM now, SIGKILL if it still runs
    /// after `grace`. Returns at once; the ending is a task this process owns.
    package func terminate(reason: KillReason, grace: Duration) {
        guard reap() == nil else { return }
        recordReason(reason)
        state.withLock { state in
            guard state.killer == nil, state.terminator == nil else { return }
            state.terminator = Task(executorPreference: loop) { [self] in
                await signalTree(SIGTERM)
                if await exit(within: grace) == nil { kill(reason: reason) }
            }
        }
    }

    /// Whether the host is killing the child (SIGKILL, ``kill(reason:)``).
    var isBeingKilled: Bool { state.withLock { $0.killer != nil } }

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
    /// the descendants get the signal first and, for SIGKILL, are waited for through
    /// their pidfds; then the child gets it, and is continued so that a catchable signal
    /// reaches it. In the sandbox a catchable signal reaches only the sandboxed program,
    /// not bubblewrap. bubblewrap's inner process is PID 1 of the sandbox's PID namespace:
    /// when it dies, the kernel kills everything left inside.
    func signalTree(_ signal: Int32) async {
        guard reap() == nil else { return }
        _ = Glibc.kill(pid, SIGSTOP)
        await waitUntilStopped()
        let descendants = ProcessTree.members(of: pid).filter { $0 != pid }
        if isBubblewrap && signal != SIGKILL {
            // A catchable signal goes to the sandboxed program only: bubblewrap dying of it
            // while still setting up would orphan its inner process before that process
            // asked to die with its parent. The SIGKILL that follows a grace period ends
            // whatever is left.
            let programs = descendants.filter { ProcessTree.commandName(of: $0) != "bwrap" }
            for member in programs { _ = Glibc.kill(member, signal) }
            _ = Glibc.kill(pid, SIGCONT)
            // Still setting up: no program yet to ask, nothing to lose by killing it now.
            if programs.isEmpty { await signalTree(SIGKILL) }
            return
        }
        let watch = signal == SIGKILL ? ExitWatch(descendants, loop: loop) : nil
        for member in descendants.reversed() { _ = Glibc.kill(member, signal) }
        await watch?.wait(within: .milliseconds(200))
        _ = Glibc.kill(-pid, signal)
        _ = Glibc.kill(pid, signal)
        _ = Glibc.kill(pid, SIGCONT)
    }

    /// Waits (at most 200 ms) until the child is stopped or gone.
    ///
    /// Nothing signals a stop to one waiter: a pidfd reports only the exit, and SIGCHLD
    /// belongs to the whole host process. So the child's state is checked with
    /// `waitid(WSTOPPED | WNOWAIT)` right away and then on a loop timer every 100 µs; a
    /// stop takes microseconds, so this is nearly always one or two checks, only while
    /// ending. The wait is bounded at 200 ms.
    private func waitUntilStopped() async {
        let deadline = ContinuousClock.now + .milliseconds(200)
        while ContinuousClock.now < deadline {
            var stopped: Int32 = 0
            if appex_is_stopped(pid, &stopped) != 0 || stopped != 0 { return }
            await loop.sleep(for: .microseconds(100))
        }
    }
}
