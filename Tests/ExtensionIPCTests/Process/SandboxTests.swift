import Foundation
import HostTestSupport
import Testing
@testable import ExtensionIPC

@Suite("Sandbox")
struct SandboxTests {
    @Test("the argv has the documented parts in order")
    func arguments() {
        let profile = SandboxProfile(readOnlyBinds: [.init("/srv/Notes.app")], readWriteBinds: [.init("/srv/data", at: "/data")])
        let argv = profile.arguments(command: ["/srv/Notes.app/Notes", "-v"], environment: ["B": "2", "A": "1"])
        #expect(Array(argv.prefix(11)) == ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
                                           "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"])
        #expect(Array(argv.suffix(18)) == ["--ro-bind", "/srv/Notes.app", "/srv/Notes.app", "--bind", "/srv/data", "/data",
                                           "--chdir", "/", "--clearenv", "--setenv", "A", "1", "--setenv", "B", "2",
                                           "--", "/srv/Notes.app/Notes", "-v"])
        #expect(!argv.contains("--share-net"))
        #expect(SandboxProfile(shareNetwork: true).arguments(command: ["/x"], environment: [:]).contains("--share-net"))
        var sized = SandboxProfile()
        sized.temporarySize = 16 << 20
        let sizedArgv = sized.arguments(command: ["/x"], environment: [:])
        #expect(Array(sizedArgv.prefix(13).suffix(4)) == ["--size", "16777216", "--tmpfs", "/tmp"])
    }

    @Test("the system part binds /usr and links the merged-/usr directories")
    func systemArguments() {
        let argv = SandboxProfile.systemArguments()
        #expect(Array(argv.prefix(3)) == ["--ro-bind", "/usr", "/usr"])
        #expect(argv.contains("/etc/ld.so.cache"))
    }

    @Test("the sandboxed child reads the system and bound paths, not /root, /home, /tmp's other files or an unbound directory",
          arguments: SandboxKind.allCases)
    func visibility(kind: SandboxKind) async throws {
        let mode = try #require(SandboxMode(rawValue: kind.rawValue))
        try requireSandbox(mode)
        let temporary = FileManager.default.temporaryDirectory
        let secret = temporary.appendingPathComponent("appex-ipc-secret-\(UUID().uuidString)")
        let shared = temporary.appendingPathComponent("appex-ipc-shared-\(UUID().uuidString)")
        for directory in [secret, shared] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        defer { for directory in [secret, shared] { try? FileManager.default.removeItem(at: directory) } }

        // bubblewrap mounts the shared folder at /container and a fresh /tmp; Landlock
        // allows the folder where it is, and a private temporary folder as TMPDIR instead.
        let container = kind == .bubblewrap ? "/container" : shared.path
        let paths = ["/usr/bin/python3", "/tmp", "$TMPDIR", "/dev/null", "/proc/self", container,
                     "/root", "/home", "/etc/passwd", secret.path]
            // The host's own temporary folder, which is bubblewrap's fresh /tmp when it is /tmp.
            + (kind == .landlock ? [temporary.path] : [])
        var configuration = ChildHelper.configuration("readable", paths, sandbox: mode)
        configuration.sandbox?.readWriteBinds = [.init(shared.path, at: container)]
        let process = try await ChildProcess.launch(configuration)
        let reply = try await ChildHelper.reply(from: process)
        let ending = await process.exit()
        let expected = kind == .bubblewrap
            ? "/usr/bin/python3 /tmp /dev/null /proc/self /container"
            : "/usr/bin/python3 $TMPDIR /dev/null /proc/self \(shared.path)"
        #expect(reply == expected)
        #expect(ending == .exited(code: 0))
    }
}

@Suite("Sandbox folders")
struct SandboxFolderTests {
    @Test("the private folders a killed host left behind are swept; a live host's and other folders stay")
    func sweep() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("appex-sweep-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: parent) }
        // A pid no process has: that of a child already reaped. (The next free pid above this
        // process's is the very one the next process of a parallel test gets.)
        var gone: pid_t = 0
        let argv = [strdup("/bin/true"), nil]
        defer { argv.forEach { free($0) } }
        try #require(posix_spawn(&gone, "/bin/true", nil, nil, argv, environ) == 0)
        var status: Int32 = 0
        try #require(waitpid(gone, &status, 0) == gone)
        let abandoned = parent.appendingPathComponent("appex-sandbox-\(gone)-Ab12Cd/files")
        let live = parent.appendingPathComponent("appex-sandbox-\(getpid())-Ef34Gh/files")
        let other = parent.appendingPathComponent("appex-sandbox-notapid/files")
        for folder in [abandoned, live, other] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("left.txt"))
        }
        ChildProcess.sweepAbandonedFolders(in: parent.path)
        ChildProcess.waitForFolderRemovals()
        let remaining = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(remaining == ["appex-sandbox-\(getpid())-Ef34Gh", "appex-sandbox-notapid"])
    }
}
