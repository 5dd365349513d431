import ExtensionIPC
import Foundation
import Glibc
import HostTestSupport
import Testing

/// The transfer service's systemd user units that `appex setup --systemd yes` writes: what
/// systemd itself says of them, and the service they describe started the way systemd
/// starts it (socket activation).
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
        let verify = try run(analyze, ["verify", "--user", f.path("config/systemd/user/appex-transfers.socket"),
                                       f.path("config/systemd/user/appex-transfers.service")],
                             environment: ["XDG_RUNTIME_DIR": runtime, "MANPATH": f.data + "/man", "PATH": "/usr/bin:/bin"])
        #expect(verify.status == 0 && verify.errors.isEmpty, "systemd-analyze verify: \(verify.errors)")

        let removal = await appex(["setup", "--remove", "--data-home", f.data, "--config-home", f.config])
        #expect(removal.status == 0, "\(removal.error)")
        #expect(!FileManager.default.fileExists(atPath: f.path("config/systemd/user/appex-transfers.socket")))
        #expect(!FileManager.default.fileExists(atPath: f.path("config/systemd/user/appex-transfers.service")))
    }

    @Test("the service the units describe starts on the first connection to the socket (LISTEN_FDS) and answers")
    func socketActivation() async throws {
        let f = try SetupFixture()
        defer { f.remove() }
        let appex = try #require(FixtureInstallation.builtProduct("appex"), "the appex product is not built next to the tests")
        let home = f.path("home")
        #expect(await f.setup("--systemd", "yes", "--home", home, executable: appex.path).status == 0)
        let socketUnit = try f.content("config/systemd/user/appex-transfers.socket")
        let serviceUnit = try f.content("config/systemd/user/appex-transfers.service")
        let listen = try #require(value("ListenStream", in: socketUnit))
        // The fixture's paths need no quoting, so ExecStart's words are split on spaces.
        let command = try #require(value("ExecStart", in: serviceUnit)).split(separator: " ").map(String.init)
        try FileManager.default.createDirectory(atPath: (listen as NSString).deletingLastPathComponent, withIntermediateDirectories: true)

        // systemd-socket-activate listens as the socket unit does and execs the service's
        // command with LISTEN_FDS=1 on the first connection, as systemd would.
        let activator = Process()
        activator.executableURL = URL(fileURLWithPath: try #require(["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }, "systemd-socket-activate is not installed"))
        activator.arguments = ["--listen=" + listen] + command
        let said = Pipe()
        activator.standardError = said
        try activator.run()
        defer {
            if activator.isRunning { activator.terminate() }
            if let pid = try? servicePID(home) { kill(pid, SIGTERM) }
        }
        // It says "Listening on SOCKET as 3." once it listens; `appex transfers list` then
        // connects and so starts the service. (appex runs as a process of its own: the
        // service knows it by its executable.)
        var heard = ""
        while !heard.contains("Listening on") {
            let chunk = said.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "systemd-socket-activate ended: \(heard)")
            heard += String(decoding: chunk, as: UTF8.self)
        }
        // Through ChildProcess, whose end is seen on a pidfd: Foundation's Process learns of
        // it by SIGCHLD and, with the activator still its child, was seen to learn late.
        let list = try await ChildProcess.launch(.init(executable: appex.path, arguments: ["transfers", "list", "--home", home, "--json"],
                                                       environment: ProcessInfo.processInfo.environment, sandbox: nil, captures: [1, 2]))
        let ending = await list.exit()
        let output = await list.output()
        #expect(ending.isSuccess, "\(output)")
        #expect(output.filter { !$0.isWhitespace } == "[]")
        // The service that answered is the one systemd-socket-activate started, not one the
        // command started on demand: its pid is the activator's (it execs in place).
        #expect(try servicePID(home) == activator.processIdentifier)
    }

    private func value(_ key: String, in unit: String) -> String? {
        unit.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)).replacingOccurrences(of: "%%", with: "%") }
    }

    private func servicePID(_ home: String) throws -> pid_t {
        let text = try String(contentsOfFile: home + "/Transfers/serve.lock", encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Runs a program to its end, with what it says on standard error.
    private func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, complaints)
    }
}
