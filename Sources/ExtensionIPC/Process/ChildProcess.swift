import CAppexSystem
import Foundation
import Glibc
import Synchronization

/// A child process connected to the host by a ``Channel``, optionally in a sandbox
/// (bubblewrap or Landlock, ``SandboxKind``), supervised for memory and wall-clock limits by the process's ``EventLoop``.
///
/// The child finds its end of the channel at descriptor 3 (`APPEX_CHANNEL_FD=3`), unless
/// its configuration moves it. It leads
/// its own session, so ending it ends its whole process group; inside bubblewrap,
/// `--die-with-parent` and the PID namespace take the rest with it, and under Landlock the
/// child dies with the thread that started it (PR_SET_PDEATHSIG). No other
/// descriptor of the host reaches it. Its exit is an event (its pidfd becomes readable),
/// never a poll; its limits are timers of the loop. Released while still running, it is
/// killed, and the loop reaps it.
package final class ChildProcess: Sendable {
    /// The child's process ID (bubblewrap's, in bubblewrap).
    package let pid: Int32
    /// The host's end of the channel.
    package let channel: Channel
    /// The limits the child runs under.
    package let limits: ProcessLimits
    /// The sandbox the child runs in, or `nil`.
    package let sandboxKind: SandboxKind?
    /// Whether the child runs in a sandbox.
    package var isSandboxed: Bool { sandboxKind != nil }
    /// Whether the child is bubblewrap, which reports its program's death by signal N as
    /// exit status 128 + N and must not be signalled while setting up.
    var isBubblewrap: Bool { sandboxKind == .bubblewrap }
    /// The sandboxed child's private folders, removed once the child has ended.
    package let privateFolders: PrivateFolders?
    let pidDescriptor: OwnedFileDescriptor
    package let loop: EventLoop
    let startedAt: ContinuousClock.Instant
    let output: OutputTail?
    /// Holds it to ``ProcessLimits/diskLimit``; closed once it has ended.
    let diskWatch: DiskWatch?
    let state = Mutex(State())

    struct State: Sendable {
        var ending: ProcessEnding?
        var killReason: KillReason?
        var exitWaiters: [UInt64: CheckedContinuation<ProcessEnding?, Never>] = [:]
        var nextWaiter: UInt64 = 1
        var registration: EventLoop.Registration?
        var wallClockTimer: EventLoop.TimerID?
        /// The tree kill in progress, owned here until it finishes.
        var killer: Task<Void, Never>?
        /// A gentle ending in progress (SIGTERM, then SIGKILL after a grace period).
        var terminator: Task<Void, Never>?
    }

    init(pid: Int32, pidDescriptor: OwnedFileDescriptor, channel: Channel, limits: ProcessLimits,
         sandboxKind: SandboxKind?, privateFolders: PrivateFolders?, loop: EventLoop, output: OutputTail?,
         diskWatch: DiskWatch? = nil) {
        self.pid = pid
        self.pidDescriptor = pidDescriptor
        self.channel = channel
        self.limits = limits
        self.sandboxKind = sandboxKind
        self.privateFolders = privateFolders
        self.loop = loop
        self.output = output
        self.diskWatch = diskWatch
        startedAt = .now
    }

    /// Starts the configured executable; see ``Configuration``.
    ///
    /// The child is forked on ``SpawnThread``, which lives as long as the host process
    /// (bubblewrap's `--die-with-parent` follows the thread that forked it).
    package static func launch(_ configuration: Configuration) async throws(ChildProcessError) -> ChildProcess {
        let loop: EventLoop
        do {
            loop = try EventLoop.shared()
        } catch {
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        return try await SpawnThread.shared.run { () throws(ChildProcessError) in try launchOnThisThread(configuration, loop: loop) }
    }

    /// Forks the child from the calling thread; see ``launch(_:)`` for which thread that is.
    private static func launchOnThisThread(_ configuration: Configuration, loop: EventLoop) throws(ChildProcessError) -> ChildProcess {
        let plan = try plan(for: configuration)
        let folders = plan.folders
        defer { plan.confinement?.ruleset?.close() }
        let hostEnd: OwnedFileDescriptor, childEnd: OwnedFileDescriptor
        do {
            (hostEnd, childEnd) = try Channel.makeSocketPair()
        } catch {
            if let folders { removePrivateFolders(folders) }
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        var mapping = configuration.descriptors
        mapping[configuration.channelNumber] = childEnd
        var output: OutputTail?
        let captured = configuration.captures.filter { mapping[$0] == nil }
        if !captured.isEmpty {
            do {
                let (tail, writeEnd) = try OutputTail.make(loop: loop)
                output = tail
                for number in captured { mapping[number] = writeEnd }
            } catch {
                if let folders { removePrivateFolders(folders) }
                throw error
            }
        }
        // Standard descriptors not given read and write /dev/null: a child that outlives
        // the host must not hold the host's output open (a test runner waits for its end).
        for number: Int32 in 0...2 where mapping[number] == nil {
            let null = open("/dev/null", number == 0 ? (O_RDONLY | O_CLOEXEC) : (O_WRONLY | O_CLOEXEC))
            if null >= 0 { mapping[number] = OwnedFileDescriptor(taking: null) }
        }
        let pid: Int32
        var diskWatch: DiskWatch?
        do throws(ChildProcessError) {
            if let confinement = plan.confinement {
                let listener: OwnedFileDescriptor?
                (pid, listener) = try spawnConfined(path: plan.path, argv: plan.argv, envp: plan.envp, mapping: mapping, confinement: confinement)
                // Its session outlives this process only through the reaper (LandlockReaper).
                if confinement.confines { LandlockReaper.shared?.watch(session: pid) }
                if let listener, let limit = plan.diskLimit(configuration.limits.diskLimit) {
                    do throws(ChannelError) {
                        diskWatch = try DiskWatch.start(listener: listener, limit: limit, loop: loop)
                    } catch {
                        // Its watched calls would wait for ever: it ends now (the catch below
                        // removes its folders).
                        listener.close()
                        _ = Glibc.kill(-pid, SIGKILL)
                        _ = Glibc.kill(pid, SIGKILL)
                        Self.reapWhenEnded(pid: pid, loop: loop)
                        throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
                    }
                }
            } else {
                pid = try spawn(path: plan.path, argv: plan.argv, envp: plan.envp, mapping: mapping)
            }
        } catch {
            output?.close()
            if let folders { removePrivateFolders(folders) }
            throw error
        }
        childEnd.close()
        for number in captured { mapping[number]?.close() }

        var pidfd: Int32 = -1
        let opened = appex_pidfd_open(pid, &pidfd)
        let channel: Channel
        do throws(ChannelError) {
            if opened != 0 { throw ChannelError.system("pidfd_open(\(pid))", opened) }
            channel = try Channel(adopting: hostEnd, limits: configuration.channelLimits)
        } catch {
            _ = Glibc.kill(-pid, SIGKILL)
            _ = Glibc.kill(pid, SIGKILL)
            if pidfd >= 0 { Glibc.close(pidfd) }
            Self.reapWhenEnded(pid: pid, loop: loop, privateFolders: folders)
            diskWatch?.close()
            output?.close()
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        let process = ChildProcess(pid: pid, pidDescriptor: OwnedFileDescriptor(taking: pidfd), channel: channel,
                                   limits: configuration.limits, sandboxKind: plan.kind, privateFolders: folders,
                                   loop: loop, output: output, diskWatch: diskWatch)
        diskWatch?.attach(process)
        do {
            try process.watchExit()
        } catch {
            process.kill(reason: KillReason(code: .terminated, message: "the host cannot watch it: \(error.message)"))
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        process.startSupervision()
        return process
    }

    deinit {
        // Only reached while running if the owner dropped it without ending it (the
        // host's sessions always end their process). Kill what can be found now; the loop
        // reaps the child when it is gone.
        let running = state.withLock { $0.ending == nil }
        if running {
            for member in ProcessTree.members(of: pid).reversed() where member != pid { _ = Glibc.kill(member, SIGKILL) }
            _ = Glibc.kill(-pid, SIGKILL)
            _ = Glibc.kill(pid, SIGKILL)
            Self.reapWhenEnded(pid: pid, loop: loop, privateFolders: privateFolders)
        }
        if let registration = state.withLock({ $0.registration }) { loop.deregister(registration) }
    }
}
