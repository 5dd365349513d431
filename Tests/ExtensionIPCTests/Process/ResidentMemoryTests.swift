import Foundation
import Glibc
import HostTestSupport
import Testing
@testable import ExtensionIPC

/// What a memory kill charges: each address space once, and never the host's.
@Suite("Resident memory")
struct ResidentMemoryTests {
    /// The processes a case picks its members from.
    struct Processes {
        var host: Int32
        /// A child the host started with posix_spawn, held before its exec.
        var hostSpawn: Int32
        /// The extension's stand-in (python3).
        var child: Int32
        /// A child it started with posix_spawn, held before its exec.
        var childSpawn: Int32
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var members: @Sendable (Processes) -> [Int32]
        var charged: @Sendable (Processes) -> [Int32]
    }

    static let cases: [Case] = [
        Case(testDescription: "the child alone is charged", members: { [$0.child] }, charged: { [$0.child] }),
        // /proc shows the host's whole memory as such a process's own.
        Case(testDescription: "a process the host is starting runs on the host's memory: left out",
             members: { [$0.child, $0.hostSpawn] }, charged: { [$0.child] }),
        Case(testDescription: "a process the child is starting runs on the child's memory: charged once",
             members: { [$0.child, $0.childSpawn] }, charged: { [$0.child] }),
        Case(testDescription: "the host itself, named as a member, is charged",
             members: { [$0.host, $0.child] }, charged: { [$0.host, $0.child] }),
    ]

    @Test("each address space is charged once, and not the host's", arguments: sandboxModes, cases)
    func distinct(sandbox: SandboxMode, example: Case) async throws {
        try requireSandbox(sandbox)
        let hostHold = try HeldSpawn(), childHold = try HeldSpawn()
        defer {
            hostHold.release()
            childHold.release()
            hostHold.remove()
            childHold.remove()
        }
        var configuration = ChildHelper.configuration("spawn-held", childHold.arguments, sandbox: sandbox)
        configuration.sandbox?.readWriteBinds.append(.init(childHold.folder))
        let process = try await ChildProcess.launch(configuration)
        do {
            try await Self.check(example, process: process, childHold: childHold, hostHold: hostHold)
        } catch {
            await process.terminate(grace: .zero)
            throw error
        }
        await process.terminate(grace: .zero)
    }

    static func check(_ example: Case, process: ChildProcess, childHold: HeldSpawn, hostHold: HeldSpawn) async throws {
        #expect(try await ChildHelper.reply(from: process) == "ready")
        try await childHold.enter()
        let childSpawn = try childHold.holder()
        let processes = Processes(host: getpid(), hostSpawn: try await hostHold.spawnFromHost(),
                                  child: try #require(ProcessTree.parentOf(childSpawn)), childSpawn: childSpawn)
        // Under bubblewrap the launched process is bwrap, python3 one of its descendants.
        #expect(ProcessTree.members(of: process.pid).contains(processes.child))
        let charged = ResidentMemoryMonitor.distinctResidentBytes(of: example.members(processes))
        #expect(charged.map(\.pid) == example.charged(processes))
        #expect(charged.allSatisfy { $0.bytes > 0 })
    }
}
