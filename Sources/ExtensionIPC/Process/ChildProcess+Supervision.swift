import Foundation
import Glibc

extension ChildProcess {
    /// Starts the thread that enforces ``limits`` until the child ends.
    ///
    /// It holds the process weakly, so releasing the process still ends the child (in
    /// `deinit`) and the thread.
    func startSupervisor() {
        let limits = limits
        let started = startedAt
        guard let pidfd = pidDescriptor.rawValue else { return }
        let thread = Thread { [weak self] in
            let monitor = limits.memoryCap.map(ResidentMemoryMonitor.init(cap:))
            // Finding the child's descendants reads every process's stat file in /proc:
            // done every tenth round only. The known members' resident memory is read every
            // round (one small file each), so a bomb is still caught within a round.
            var members: [Int32] = []
            var round = 0
            while true {
                let ready = Poll.wait(pidfd, events: Int16(POLLIN), until: Deadline(timeout: limits.pollInterval))
                guard let process = self else { return }
                if ready != 0 {
                    _ = process.reap()
                    return
                }
                if let wallClock = limits.wallClock, started.duration(to: .now) > wallClock {
                    process.kill(reason: KillReason(code: .wallClockLimitExceeded,
                                                    message: "wall-clock limit exceeded (ran longer than \(wallClock))"))
                }
                if let monitor {
                    if round % 10 == 0 { members = ProcessTree.members(of: process.pid) }
                    round += 1
                    let bytes = members.reduce(0) { $0 + ResidentMemoryMonitor.residentBytes(of: $1) }
                    if let reason = monitor.check(bytes) { process.kill(reason: reason) }
                }
            }
        }
        thread.name = "appex-child-\(pid)"
        thread.start()
    }
}
