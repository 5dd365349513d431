extension ChildProcess {
    /// Arms the limits: a one-shot wall-clock timer, and membership in the loop's
    /// supervisor when there is a memory or task cap.
    func startSupervision() {
        if let wallClock = limits.wallClock {
            let timer = loop.schedule(after: wallClock) { [weak self] in
                self?.kill(reason: KillReason(code: .wallClockLimitExceeded,
                                              message: "wall-clock limit exceeded (ran longer than \(wallClock))"))
            }
            state.withLock { $0.wallClockTimer = timer }
        }
        if limits.memoryCap != nil || limits.taskCap != nil {
            ProcessSupervisor.shared(on: loop).add(self, memory: limits.memoryCap.map(ResidentMemoryMonitor.init(cap:)),
                                                   tasks: limits.taskCap.map(TaskCountMonitor.init(cap:)), interval: limits.pollInterval)
        }
    }
}

extension ChildProcess {
    /// Whether Swift's backtracer runs in the child's tree: the child crashed, and it exits
    /// once its report is written, which takes seconds for a large binary on a busy machine.
    /// (/proc is read once, in memory: no wait.)
    package var isReportingCrash: Bool {
        ProcessTree.members(of: pid).contains(where: ResidentMemoryMonitor.isCrashReporter)
    }
}
