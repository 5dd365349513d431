extension ChildProcess {
    /// Arms the limits: a one-shot wall-clock timer, and membership in the loop's memory
    /// supervisor when there is a cap.
    func startSupervision() {
        if let wallClock = limits.wallClock {
            let timer = loop.schedule(after: wallClock) { [weak self] in
                self?.kill(reason: KillReason(code: .wallClockLimitExceeded,
                                              message: "wall-clock limit exceeded (ran longer than \(wallClock))"))
            }
            state.withLock { $0.wallClockTimer = timer }
        }
        if let cap = limits.memoryCap {
            ProcessSupervisor.shared(on: loop).add(self, monitor: ResidentMemoryMonitor(cap: cap), interval: limits.pollInterval)
        }
    }
}
