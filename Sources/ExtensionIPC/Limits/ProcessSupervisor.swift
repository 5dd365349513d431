import Dispatch
import Synchronization

/// Watches the resident memory and the tasks of every supervised child of the process with
/// one timer on the event loop, and reads /proc off it.
///
/// Each round (every `pollInterval`, 50 ms by default) it reads `/proc/<pid>/statm` of the
/// members it knows; every tenth round it re-reads the process table once for all
/// children (`ProcessTree.childrenByParent()`), so the cost of finding descendants does
/// not grow with the number of sessions, and counts each tree's tasks (the task cap is
/// checked first: a fork bomb's processes also add up to memory). A child over a cap is
/// killed. The timer runs only while some child is supervised (a round that finds none
/// stops); the next round is timed from the end of the last.
///
/// The loop only times the rounds: a round runs on a serial queue of its own. A round is
/// hundreds of file reads while fork bombs and memory hogs run, and on the loop it held
/// up every session's events: under a loaded test suite the loop spent a third of its
/// time in rounds, and calls waiting for the host (a disk watch's) took seconds each.
/// docs/HOST.md has the measured cost of a round.
final class ProcessSupervisor: Sendable {
    private struct Entry: Sendable {
        weak var process: ChildProcess?
        let memory: ResidentMemoryMonitor?
        let tasks: TaskCountMonitor?
        /// The members the caps count.
        var members: [Int32]
        /// Swift's backtracer, if the child crashed (``split(_:)``).
        var reporters: [Int32] = []
    }

    private struct State: Sendable {
        var entries: [Int32: Entry] = [:]
        var round = 0
        var interval: Duration = .milliseconds(50)
        /// A round is timed or running: ``add(_:memory:tasks:interval:)`` starts none.
        var scheduled = false
    }

    /// Where rounds run: reading /proc is file I/O, which the loop's handlers must not do.
    private static let rounds = DispatchQueue(label: "appex.process-supervision")

    private let loop: EventLoop
    private let state = Mutex(State())

    private init(loop: EventLoop) {
        self.loop = loop
    }

    private static let instance = Mutex<ProcessSupervisor?>(nil)

    /// The supervisor of `loop` (there is one loop per process).
    static func shared(on loop: EventLoop) -> ProcessSupervisor {
        instance.withLock { instance in
            if let instance { return instance }
            let created = ProcessSupervisor(loop: loop)
            instance = created
            return created
        }
    }

    /// Supervises `process` against `memory`'s and `tasks`' caps.
    func add(_ process: ChildProcess, memory: ResidentMemoryMonitor?, tasks: TaskCountMonitor?, interval: Duration) {
        let start = state.withLock { state -> Bool in
            state.entries[process.pid] = Entry(process: process, memory: memory, tasks: tasks, members: [process.pid])
            state.interval = min(state.interval, interval)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        if start { arm() }
    }

    /// Stops supervising the child `pid` (it ended).
    func remove(_ pid: Int32) {
        _ = state.withLock { $0.entries.removeValue(forKey: pid) }
    }

    /// Splits a tree's members into those its caps count and Swift's backtracer, which the
    /// runtime of a crashed process starts and which reads the process's debug information
    /// (hundreds of megabytes for a large binary). The backtracer is the system's crash
    /// reporter, as ReportCrash is on iOS, not the process's own memory: counted with it, a
    /// crash became a `memory-limit-exceeded` kill and lost its report. It has a budget of
    /// its own (``ResidentMemoryMonitor/crashReporterCap``), so that a process calling
    /// itself the backtracer gains a bounded amount, not an unbounded one.
    static func split(_ members: [Int32]) -> (charged: [Int32], reporters: [Int32]) {
        var charged: [Int32] = [], reporters: [Int32] = []
        for pid in members {
            if ResidentMemoryMonitor.isCrashReporter(pid) { reporters.append(pid) } else { charged.append(pid) }
        }
        return (charged, reporters)
    }

    /// Reads the tree of `root` afresh before a memory kill, each address space once.
    ///
    /// A round's members may be up to ten rounds old, and the sum counts what /proc reports:
    /// full test runs killed sessions at 580-720 MB, the most in a process named
    /// `oot.default-qos` (a dispatch thread's name), which is a child the host forks in the
    /// moment before it execs, on the host's own memory. A fresh table and
    /// ``ResidentMemoryMonitor/distinctResidentBytes(of:)`` leave such memory out; the
    /// largest member is named in the reason, with its parent.
    static func confirm(_ root: Int32, memory: ResidentMemoryMonitor)
        -> (members: [Int32], reporters: [Int32], reason: KillReason?) {
        let (charged, reporters) = split(ProcessTree.members(of: root))
        let sizes = ResidentMemoryMonitor.distinctResidentBytes(of: charged)
        let bytes = sizes.reduce(0) { $0 + $1.bytes }
        let reporting = reporters.reduce(0) { $0 + ResidentMemoryMonitor.residentBytes(of: $1) }
        let reason = memory.check(bytes, largest: sizes.max { $0.bytes < $1.bytes })
            ?? ResidentMemoryMonitor.checkCrashReporter(reporting)
        return (charged, reporters, reason)
    }

    private func arm() {
        let interval = state.withLock { $0.interval }
        loop.schedule(after: interval) { [self] in Self.rounds.async { [self] in round() } }
    }

    /// One round, on the supervision queue: sum each tree's resident memory (and on a
    /// rescan count its tasks), kill those over a cap.
    private func round() {
        let (entries, rescan) = state.withLock { state -> ([Int32: Entry], Bool) in
            // The last child went: the timer stops until the next one comes.
            if state.entries.isEmpty { state.scheduled = false }
            defer { state.round += 1 }
            return (state.entries, state.round % 10 == 0)
        }
        guard !entries.isEmpty else { return }
        var updated = entries
        if rescan {
            let children = ProcessTree.childrenByParent()
            for (pid, _) in entries {
                let (charged, reporters) = Self.split(ProcessTree.members(of: pid, children: children))
                updated[pid]?.members = charged
                updated[pid]?.reporters = reporters
            }
        }
        for (pid, entry) in updated {
            if rescan, let reason = entry.tasks?.check(TaskCountMonitor.tasks(of: entry.members)) {
                entry.process?.kill(reason: reason)
            } else if let memory = entry.memory, entry.process?.isBeingKilled == false {
                let bytes = entry.members.reduce(0) { $0 + ResidentMemoryMonitor.residentBytes(of: $1) }
                let reporting = entry.reporters.reduce(0) { $0 + ResidentMemoryMonitor.residentBytes(of: $1) }
                if bytes > memory.cap || reporting > ResidentMemoryMonitor.crashReporterCap {
                    let confirmed = Self.confirm(pid, memory: memory)
                    updated[pid]?.members = confirmed.members
                    updated[pid]?.reporters = confirmed.reporters
                    if let reason = confirmed.reason { entry.process?.kill(reason: reason) }
                }
            }
            if entry.process == nil { updated.removeValue(forKey: pid) }
        }
        let more = state.withLock { state -> Bool in
            for (pid, entry) in updated where state.entries[pid] != nil {
                state.entries[pid]?.members = entry.members
                state.entries[pid]?.reporters = entry.reporters
            }
            if state.entries.isEmpty { state.scheduled = false }
            return !state.entries.isEmpty
        }
        if more { arm() }
    }
}
