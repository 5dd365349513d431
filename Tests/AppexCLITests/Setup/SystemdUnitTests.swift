import ExtensionIPC
import Foundation
import Testing

/// The transfer service's systemd user units that `appex setup --systemd yes` writes, and
/// what systemd itself says of them.
@Suite struct SystemdUnitTests {
    @Test("the units are written, systemd-analyze verify accepts them, and --remove takes them away")
    func unitsVerify() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let home = f.path("appex home")
        let result = await f.setup("--systemd", "yes", "--home", home)
        #expect(result.status == 0, "\(result.error)")
        let socket = try f.content("config/systemd/user/appex-transfers.socket")
        let service = try f.content("config/systemd/user/appex-transfers.service")
        #expect(socket.contains("ListenStream=\(home)/Transfers/run/transfers.sock\n"))
        #expect(service.contains("ExecStart=/usr/local/bin/appex transfers serve --home \"\(home)\"\n"))
        #expect(result.output.contains("note: no systemd user manager is reachable: start the transfer service's socket with systemctl --user daemon-reload && systemctl --user enable --now appex-transfers.socket"))

        // systemd's own reading, with an executable that exists and the man page on MANPATH
        // (Documentation=man:appex(1) is checked too).
        #expect(await f.setup("--systemd", "yes", "--home", home, executable: "/bin/true").status == 0)
        let runtime = f.path("runtime")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let analyze = try #require(["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                   "systemd-analyze is not installed (.ci/run installs the systemd package)")
        let verify = try await run(analyze, ["verify", "--user", f.path("config/systemd/user/appex-transfers.socket"),
                                       f.path("config/systemd/user/appex-transfers.service")],
                             environment: ["XDG_RUNTIME_DIR": runtime, "MANPATH": f.data + "/man", "PATH": "/usr/bin:/bin"])
        #expect(verify.status.isSuccess && verify.errors.isEmpty, "systemd-analyze verify: \(verify.errors)")

        let removal = await appex(["setup", "--remove", "--data-home", f.data, "--config-home", f.config])
        #expect(removal.status == 0, "\(removal.error)")
        #expect(!FileManager.default.fileExists(atPath: f.path("config/systemd/user/appex-transfers.socket")))
        #expect(!FileManager.default.fileExists(atPath: f.path("config/systemd/user/appex-transfers.service")))
    }

    /// Runs a program to its end, with what it says on standard error. Through ChildProcess
    /// (its end seen on a pidfd): Foundation's `waitUntilExit` was seen to wait up to a
    /// minute here, blocking one of the few cooperative threads the whole suite shares.
    private func run(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> (status: ProcessEnding, errors: String) {
        let process = try await ChildProcess.launch(.init(executable: executable, arguments: arguments, environment: environment,
                                                          sandbox: nil, captures: [2]))
        let ending = await process.exit()
        return (ending, await process.output())
    }
}
