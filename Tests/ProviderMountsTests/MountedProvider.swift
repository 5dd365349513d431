import CAppexSystem
import ExtensionHost
import ExtensionIPC
import Glibc
import Foundation
import HostTestSupport
import ProviderMounts
import SystemSupport
import Synchronization
import Testing

/// The fixture provider installed in a temporary home and mounted, for one test.
struct MountedProvider {
    let fixture: FixtureInstallation
    let mount: ProviderMount
    /// What the mount logged of the provider's ends.
    let logged: LogLines

    /// The fixture's tree: what the provider serves, as files.
    var tree: URL {
        fixture.root.appendingPathComponent("Containers/Shared/AppGroup/\(FixtureInstallation.groupIdentifier)/File Provider Storage/Tree")
    }

    /// Mounts the fixture (behaving as `behavior`, in `sandbox`) while `body` runs.
    static func with(_ behavior: String = "echo", sandbox: SandboxMode, callLimit: Duration = .seconds(60),
                     _ body: (MountedProvider) async throws -> Void) async throws {
        try requireDependency(FUSEAvailability.problem() == nil, "FUSE cannot be used here (\(FUSEAvailability.problem() ?? "")): the case is skipped")
        let fixture = try FixtureInstallation.make(point: "com.apple.fileprovider-nonui")
        defer { fixture.remove() }
        let host = ExtensionHost(catalog: FixedCatalog([fixture.installed]), options: FixtureInstallation.options(behavior, sandbox: sandbox))
        let folder = fixture.root.appendingPathComponent("Mount")
        let logged = LogLines()
        try await ProviderMount.with(fixture.installed, host: host, at: folder, callLimit: callLimit, log: { logged.append($0) }) { mount in
            try await body(MountedProvider(fixture: fixture, mount: mount, logged: logged))
        }
    }

    /// Runs `script` with `sh -c` in the mount's folder, off Swift's shared threads (the
    /// mount it reads is served by this process).
    func shell(_ script: String) async throws -> ProgramResult {
        try await ProgramResult.run(["/bin/sh", "-c", script], in: mount.folder)
    }
}

/// Lines a mount logged.
final class LogLines: Sendable, CustomStringConvertible {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    var description: String { all.joined(separator: "\n") }
}

/// A program's exit status and output.
struct ProgramResult: Sendable {
    var status: Int32
    var output: String
    var error: String

    /// Runs `arguments` in `folder`, its output in files (not pipes: a pipe's write end
    /// inherited by another process, such as libfuse's fusermount3, which stays for the
    /// mount's life, would hold a read to the end open), its end awaited through its pidfd
    /// on the event loop.
    static func run(_ arguments: [String], in folder: URL) async throws -> ProgramResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("appex-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        let out = open(outPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600), err = open(errPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let mapping: [Int32: OwnedFileDescriptor] = [1: OwnedFileDescriptor(taking: out), 2: OwnedFileDescriptor(taking: err)]
        defer { mapping.values.forEach { $0.close() } }
        // cd in the child: the mount is served by this process, so nothing here touches it.
        let script = "cd \"$0\" && exec \"$@\""
        let pid = try ChildProcess.spawn(path: "/bin/sh", argv: ["/bin/sh", "-c", script, folder.path] + arguments,
                                         envp: ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }, mapping: mapping)
        var pidfd: Int32 = -1
        guard appex_pidfd_open(pid, &pidfd) == 0 else { throw ProgramFailure(description: "pidfd_open(\(pid)) failed") }
        let descriptor = OwnedFileDescriptor(taking: pidfd)
        defer { descriptor.close() }
        await (try EventLoop.shared()).waitUntilReadable(pidfd)
        var status: Int32 = 0, reaped: Int32 = 0
        _ = appex_reap(pid, &status, &reaped)
        return ProgramResult(status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                             error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

struct ProgramFailure: Error, CustomStringConvertible {
    let description: String
}
