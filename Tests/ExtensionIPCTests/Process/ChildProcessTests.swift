import Foundation
import Glibc
import HostTestSupport
import Testing
@testable import ExtensionIPC

/// Each process test runs under every sandbox and without one; a case whose sandbox this
/// machine lacks is reported as skipped (``requireSandbox(_:sourceLocation:)``).
let sandboxModes: [SandboxMode] = hostSandboxModes

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test("the child talks back on descriptor 3", arguments: sandboxModes)
    func talksBack(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let process = try await ChildProcess.launch(ChildHelper.configuration("echo", sandbox: sandbox))
        try await process.channel.send(Frame(payload: Data("hello".utf8)))
        let reply = try await ChildHelper.reply(from: process)
        let ending = await process.exit()
        #expect(reply == "HELLO")
        #expect(ending == .exited(code: 0))
    }

    @Test("a descriptor sent to the child can be read there", arguments: sandboxModes)
    func descriptorToChild(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let process = try await ChildProcess.launch(ChildHelper.configuration("read-descriptor", sandbox: sandbox))
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let readEnd = OwnedFileDescriptor(taking: ends[0])
        let writeEnd = OwnedFileDescriptor(taking: ends[1])
        let message = Array("from the host".utf8)
        #expect(write(ends[1], message, message.count) == message.count)
        writeEnd.close()
        try await process.channel.send(Frame(descriptors: [readEnd]))
        let reply = try await ChildHelper.reply(from: process)
        let ending = await process.exit()
        #expect(reply == "from the host")
        #expect(ending == .exited(code: 0))
    }

    @Test("no descriptor of the host leaks into the child", arguments: sandboxModes)
    func noLeaks(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        // A descriptor without close-on-exec, as a careless library might leave one.
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        let process = try await ChildProcess.launch(ChildHelper.configuration("descriptors", sandbox: sandbox))
        let reply = try await ChildHelper.reply(from: process)
        let ending = await process.exit()
        #expect(reply == "0 1 2 3")
        #expect(ending == .exited(code: 0))
    }

    @Test("exit statuses come back", arguments: sandboxModes)
    func exitStatus(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let process = try await ChildProcess.launch(ChildHelper.configuration("exit", ["7"], sandbox: sandbox))
        #expect(await process.exit() == .exited(code: 7))
    }

    @Test("a crash is reported as the signal", arguments: sandboxModes)
    func crash(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let process = try await ChildProcess.launch(ChildHelper.configuration("segv", sandbox: sandbox))
        let ending = await process.exit()
        #expect(ending == .signaled(signal: SIGSEGV, name: "SIGSEGV"))
        #expect(ending.description == "signaled SIGSEGV (11)")
    }

    @Test("a hang ends at the wall-clock limit", arguments: sandboxModes)
    func hang(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let limits = ProcessLimits(memoryCap: nil, wallClock: .milliseconds(300), pollInterval: .milliseconds(20))
        let process = try await ChildProcess.launch(ChildHelper.configuration("hang", sandbox: sandbox, limits: limits))
        let ending = await process.exit()
        guard case .killed(let reason, let signal) = ending else {
            Issue.record("expected a kill, got \(ending)")
            return
        }
        #expect(reason.code == .wallClockLimitExceeded)
        #expect(signal == SIGKILL)
    }

    @Test("a memory bomb is killed by the monitor", arguments: sandboxModes)
    func memoryBomb(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let limits = ProcessLimits(memoryCap: 80_000_000, wallClock: .seconds(120), pollInterval: .milliseconds(20))
        let process = try await ChildProcess.launch(ChildHelper.configuration("bomb", sandbox: sandbox, limits: limits))
        let ending = await process.exit()
        guard case .killed(let reason, _) = ending else {
            Issue.record("expected a kill, got \(ending)")
            return
        }
        #expect(reason.code == .memoryLimitExceeded)
        #expect(reason.message.hasPrefix("memory limit exceeded ("))
        // It names the process that held the most: the bomb itself.
        #expect(reason.message.contains(" MB > 80 MB; the most, "), "\(reason.message)")
        #expect(reason.message.contains("(python3, child of "), "\(reason.message)")
    }

    @Test("terminate ends a running child with the host's reason", arguments: sandboxModes)
    func terminate(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let process = try await ChildProcess.launch(ChildHelper.configuration("hang", sandbox: sandbox))
        #expect(process.ending == nil)
        let ending = await process.terminate(grace: .seconds(5))
        guard case .killed(let reason, _) = ending else {
            Issue.record("expected a kill, got \(ending)")
            return
        }
        #expect(reason.code == .terminated)
    }

    @Test("nothing of the child survives an early terminate or kill, even during sandbox setup",
          arguments: sandboxModes)
    func nothingSurvives(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        let marker = "appex-survivor-\(UUID().uuidString)"
        // A dozen children at once, each ended as soon as it is launched: half asked to
        // terminate, half killed, while the others are still being set up.
        let endings = try await withThrowingTaskGroup(of: ProcessEnding.self) { group in
            for round in 0..<12 {
                group.addTask {
                    let process = try await ChildProcess.launch(ChildHelper.configuration("hang", [marker], sandbox: sandbox))
                    if round.isMultiple(of: 2) { return await process.terminate(grace: .milliseconds(200)) }
                    process.kill(reason: KillReason(code: .terminated, message: "test"))
                    return await process.exit()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(endings.count == 12)
        // The sandbox's inner processes may take a moment to be torn down by the kernel.
        var survivors = ChildHelper.processes(withArgument: marker)
        for _ in 0..<100 where !survivors.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
            survivors = ChildHelper.processes(withArgument: marker)
        }
        #expect(survivors.isEmpty)
    }

    @Test("a sandboxed child outlives the thread its launch began on", arguments: sandboxModes)
    func outlivesLaunchingThread(sandbox: SandboxMode) async throws {
        try requireSandbox(sandbox)
        // bubblewrap's --die-with-parent is PR_SET_PDEATHSIG, which fires when the thread
        // that forked bubblewrap exits; a thread of Swift's pool exits when the pool retires
        // it. Here the launch begins on a thread that exits once bubblewrap has set up.
        let executor = ExitingThreadExecutor()
        let process = try await withTaskExecutorPreference(executor) {
            try await ChildProcess.launch(ChildHelper.configuration("ready-then-hang", sandbox: sandbox))
        }
        // Running inside the sandbox: bubblewrap has set itself up (and asked to die with its parent).
        #expect(try await ChildHelper.reply(from: process) == "ready")
        await executor.exitThread()
        #expect(await process.exit(within: .milliseconds(300)) == nil, "the child died with the thread its launch began on")
        let reason = KillReason(code: .terminated, message: "the test is over")
        process.kill(reason: reason)
        #expect(await process.exit() == .killed(reason: reason, signal: SIGKILL), "ended by the test's kill, not before")
    }

    @Test("a missing executable is a spawn error naming it")
    func missingExecutable() async {
        let configuration = ChildProcess.Configuration(executable: "/nonexistent/appex-helper", sandbox: nil)
        await #expect {
            _ = try await ChildProcess.launch(configuration)
        } throws: { error in
            let error = error as? ChildProcessError
            return error?.code == .spawnFailed && error?.message.contains("/nonexistent/appex-helper") == true
        }
    }
}
