import CAppexSystem
import Foundation
import Glibc
import Synchronization

/// A child process connected to the host by a ``Channel``, optionally inside bubblewrap,
/// supervised for memory and wall-clock limits by the process's ``EventLoop``.
///
/// The child finds its end of the channel at descriptor 3 (`APPEX_CHANNEL_FD=3`), unless
/// its configuration moves it. It leads
/// its own session, so ending it ends its whole process group; inside the sandbox,
/// bubblewrap's `--die-with-parent` and the PID namespace take the rest with it. No other
/// descriptor of the host reaches it. Its exit is an event (its pidfd becomes readable),
/// never a poll; its limits are timers of the loop. Released while still running, it is
/// killed, and the loop reaps it.
package final class ChildProcess: Sendable {
    /// The child's process ID (bubblewrap's, when sandboxed).
    package let pid: Int32
    /// The host's end of the channel.
    package let channel: Channel
    /// The limits the child runs under.
    package let limits: ProcessLimits
    /// Whether the child runs inside bubblewrap.
    package let isSandboxed: Bool
    let pidDescriptor: OwnedFileDescriptor
    package let loop: EventLoop
    let startedAt: ContinuousClock.Instant
    let output: OutputTail?
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
         isSandboxed: Bool, loop: EventLoop, output: OutputTail?) {
        self.pid = pid
        self.pidDescriptor = pidDescriptor
        self.channel = channel
        self.limits = limits
        self.isSandboxed = isSandboxed
        self.loop = loop
        self.output = output
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
        let (path, argv, envp) = try commandLine(for: configuration)
        let hostEnd: OwnedFileDescriptor, childEnd: OwnedFileDescriptor
        do {
            (hostEnd, childEnd) = try Channel.makeSocketPair()
        } catch {
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        var mapping = configuration.descriptors
        mapping[configuration.channelNumber] = childEnd
        var output: OutputTail?
        let captured = configuration.captures.filter { mapping[$0] == nil }
        if !captured.isEmpty {
            let (tail, writeEnd) = try OutputTail.make(loop: loop)
            output = tail
            for number in captured { mapping[number] = writeEnd }
        }
        // Standard descriptors not given read and write /dev/null: a child that outlives
        // the host must not hold the host's output open (a test runner waits for its end).
        for number: Int32 in 0...2 where mapping[number] == nil {
            let null = open("/dev/null", number == 0 ? (O_RDONLY | O_CLOEXEC) : (O_WRONLY | O_CLOEXEC))
            if null >= 0 { mapping[number] = OwnedFileDescriptor(taking: null) }
        }
        let pid: Int32
        do {
            pid = try spawn(path: path, argv: argv, envp: envp, mapping: mapping)
        } catch {
            output?.close()
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
            Self.reapWhenEnded(pid: pid, loop: loop)
            output?.close()
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        let process = ChildProcess(pid: pid, pidDescriptor: OwnedFileDescriptor(taking: pidfd), channel: channel,
                                   limits: configuration.limits, isSandboxed: configuration.sandbox != nil,
                                   loop: loop, output: output)
        do {
            try process.watchExit()
        } catch {
            process.kill(reason: KillReason(code: .terminated, message: "the host cannot watch it: \(error.message)"))
            throw ChildProcessError(code: .systemError, message: error.message, errno: error.errno)
        }
        process.startSupervision()
        return process
    }

    /// The program, argv and environment: bwrap's when sandboxed, else the executable's.
    static func commandLine(for configuration: Configuration) throws(ChildProcessError) -> (String, [String], [String]) {
        guard configuration.executable.hasPrefix("/") else {
            throw ChildProcessError(code: .invalidConfiguration, message: "executable path \"\(configuration.executable)\" is not absolute")
        }
        var environment = configuration.environment
        environment[Configuration.channelEnvironmentVariable] = String(configuration.channelNumber)
        let command = [configuration.executable] + configuration.arguments
        guard let sandbox = configuration.sandbox else {
            return (configuration.executable, command, environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        }
        guard let bubblewrap = SandboxProfile.bubblewrapPath() else {
            throw ChildProcessError(code: .sandboxUnavailable, message: "bubblewrap (bwrap) is not installed; install the Debian package `bubblewrap`, or launch with `sandbox: nil` to run unsandboxed")
        }
        return (bubblewrap, [bubblewrap] + sandbox.arguments(command: command, environment: environment), [])
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
            Self.reapWhenEnded(pid: pid, loop: loop)
        }
        if let registration = state.withLock({ $0.registration }) { loop.deregister(registration) }
    }
}
