import BackgroundTransfers
import CAppexSystem
import DeviceLayout
import ExtensionIPC
import Foundation
import Testing

/// systemd's socket activation, as the units `appex setup` installs use it, with systemd's
/// own tool: `systemd-socket-activate` listens on the service's socket and starts
/// `appex transfers serve` with the socket as `LISTEN_FDS` on the first connection.
@Suite("Transfer service socket activation", .serialized)
struct SocketActivationTests {
    @Test("systemd-socket-activate holds the socket; the first client starts the service, which serves on the socket it was given")
    func activatedByTheFirstClient() async throws {
        let tool = try #require(["/usr/bin/systemd-socket-activate", "/bin/systemd-socket-activate"]
            .first(where: FileManager.default.isExecutableFile(atPath:)), "systemd-socket-activate (Debian: systemd) is not installed")
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try FileManager.default.createDirectory(at: fixture.layout.socket.deletingLastPathComponent(), withIntermediateDirectories: true)
        let activator = try await ChildProcess.launch(.init(
            executable: tool,
            arguments: ["--listen=\(fixture.layout.socket.path)", "--setenv=APPEX_TRANSFERS_IDLE_EXIT_S=0",
                        fixture.executable.path, "transfers", "serve", "--home", fixture.home.root.path],
            environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
            // A bound for a test gone wrong: with both cores busy beside the suite, this test
            // has taken 141 s, and the limit then ended the service before the test could.
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(600)), captures: [1, 2]))
        let ready = await activator.output(containing: "Listening on", waitingUpTo: .seconds(30))
        try #require(ready.contains("Listening on"), "systemd-socket-activate did not listen: \(ready)")
        // Nothing runs yet: the socket is systemd's.
        #expect(fixture.layout.servicePID() == nil)

        let (file, bytes) = try fixture.groupFile("note.txt", size: 64 << 10)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.activated", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("store"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            let status = try await recorder.next { call -> Int?? in
                if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
                return nil
            }
            #expect(status == 201)
            #expect(server.completeUploads("/store") == [bytes])
            session.finishTasksAndInvalidate()
        }
        // Without --accept the tool becomes the service (and appex becomes appex-transfersd):
        // one process from first to last, the one that holds serve.lock.
        #expect(fixture.layout.servicePID() == activator.pid)
        // It ends on SIGTERM, within the grace (not killed after it). The grace is a bound for a
        // service that ignores SIGTERM, not a speed check: a fresh-clone run on two busy cores
        // once took more than 5 s to close its store and end.
        let ending = await activator.terminate(grace: .seconds(30))
        let said = await activator.output()
        switch ending {
        case .exited(let code): #expect(code == 0, "\(ending): \(said)")
        case .killed(_, let signal), .signaled(let signal, _): #expect(signal == SIGTERM, "\(ending): \(said)")
        }
    }

    @Test("a service handed its socket for a home removed since ends, saying why, and brings none of the home back")
    func homeRemovedBeforeTheStart() async throws {
        let fixture = try ServiceFixture()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appex-listener-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The starter made the home and listened; then the home went (a test cleaning up).
        try FileManager.default.removeItem(at: fixture.home.root)
        var listener: Int32 = -1
        try #require(appex_unix_listen(folder.appendingPathComponent("transfers.sock").path, 16, &listener) == 0)
        let service = try await ChildProcess.launch(.init(
            executable: fixture.executable.path, arguments: ["transfers", "serve", "--home", fixture.home.root.path, "--listen-fd", "3"],
            environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)),
            descriptors: [3: OwnedFileDescriptor(taking: listener)], captures: [1, 2]))
        let ending = await service.exit()
        let said = await service.output(waitingUpTo: .seconds(30))
        #expect(!ending.isSuccess, "\(ending): \(said)")
        #expect(said.contains("\(fixture.layout.root.path): the folder above it is gone"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: fixture.home.root.path), "the home came back")
    }
}
