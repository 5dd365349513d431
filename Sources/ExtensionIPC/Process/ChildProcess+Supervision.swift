import Glibc
extension ChildProcess {
    /// Arms the limits: a one-shot wall-clock timer, a watch of the capped folder, and
    /// membership in the loop's supervisor when there is a memory or task cap.
    func startSupervision() {
        if let wallClock = limits.wallClock {
            let timer = loop.schedule(after: wallClock) { [weak self] in
                self?.kill(reason: KillReason(code: .wallClockLimitExceeded,
                                              message: "wall-clock limit exceeded (ran longer than \(wallClock))"))
            }
            state.withLock { $0.wallClockTimer = timer }
        }
        if let folderCap = limits.folderCap, let watcher = try? DiskUsageWatcher.shared() {
            let watch = watcher.watch(root: folderCap.path, cap: folderCap.bytes) { [weak self] bytes in
                // On the watcher's thread: stopped now, the writer writes no more while the
                // loop, however busy, gets to the orderly kill.
                self?.freeze()
                self?.kill(reason: KillReason(code: .diskLimitExceeded, message: "disk limit exceeded (its data container "
                                              + "holds \(bytes / 1_000_000) MB > \(folderCap.bytes / 1_000_000) MB)"))
            }
            state.withLock { $0.folderWatch = watch }
        }
        if limits.memoryCap != nil || limits.taskCap != nil {
            ProcessSupervisor.shared(on: loop).add(self, memory: limits.memoryCap.map(ResidentMemoryMonitor.init(cap:)),
                                                   tasks: limits.taskCap.map(TaskCountMonitor.init(cap:)), interval: limits.pollInterval)
        }
    }

    /// Stops the child and every descendant at once (SIGSTOP), from any thread, without
    /// waiting: a stopped process does nothing more until the kill that follows. (Its PID
    /// cannot have been reused: the child is not reaped yet, and its descendants were just
    /// read from the process table.)
    func freeze() {
        guard reap() == nil else { return }
        _ = Glibc.kill(pid, SIGSTOP)
        for member in ProcessTree.members(of: pid) where member != pid { _ = Glibc.kill(member, SIGSTOP) }
    }
}
