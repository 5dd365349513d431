import BackgroundTransfers
import ExtensionIPC
import Foundation
import Testing

/// `appex transfers list|show|cancel` run as the user runs them: the built `appex` against
/// the running service, which knows it as its administrator (it started the service, and
/// the service runs as appex-transfersd) and lets it see and cancel every app's tasks.
@Suite("appex transfers against the service", .serialized)
struct TransfersCommandTests {
    struct Listed: Decodable {
        var id: Int64
        var application: String
        var kind: String
        var state: String
        var statusCode: Int?
        var bytesSent: Int64
    }

    @Test("The command line lists, shows and cancels any app's transfers; an app with none lists []")
    func listShowCancel() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (small, _) = try fixture.groupFile("note.txt", size: 4096)
        let (large, _) = try fixture.groupFile("video.bin", size: 32 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.cli", token: try fixture.grant(), delegate: recorder)
            var store = URLRequest(url: base.appendingPathComponent("store"))
            store.httpMethod = "POST"
            let done = session.uploadTask(with: store, fromFile: small)
            done.resume()
            _ = try await recorder.next { call -> Bool? in
                if case .completed(done.taskIdentifier, _, _, _) = call { return true }
                return nil
            }
            let running = try await Self.heldUpload(session, file: large, base: base, server: server)

            let listed = try JSONDecoder().decode([Listed].self, from: Data(try await run(fixture, ["list", "--json"]).utf8))
            try #require(listed.count == 2)
            let finished = try #require(listed.first { $0.state == "completed" })
            #expect(finished.application == ServiceFixture.application)
            #expect(finished.statusCode == 201)
            #expect(finished.bytesSent == 4096)
            let moving = try #require(listed.first { $0.state == "running" })
            #expect(moving.kind == "upload")

            let text = try await run(fixture, ["list"])
            #expect(text.contains("\(moving.id)"))
            #expect(text.contains("%"), "a running transfer has a progress bar: \(text)")
            let shown = try await run(fixture, ["show", "\(finished.id)"])
            #expect(shown.contains("201"))

            let cancelled = try JSONDecoder().decode(Listed.self, from: Data(try await run(fixture, ["cancel", "\(moving.id)", "--json"]).utf8))
            #expect(cancelled.state == "cancelled")
            let code = try await recorder.next { call -> Int? in
                if case .completed(running.taskIdentifier, _, let error, _) = call { return error?.errorCode }
                return nil
            }
            #expect(code == -999)

            #expect(try await run(fixture, ["list", "--app", "com.example.other", "--json"]) == "[]\n")
            session.finishTasksAndInvalidate()
        }
    }

    @Test("list --watch redraws a running upload in place on a terminal and ends by itself when it completes; without a terminal it prints each change of state")
    func watch() async throws {
        let script = try #require(["/usr/bin/script", "/bin/script"].first(where: FileManager.default.isExecutableFile(atPath:)),
                                  "script(1) (Debian: bsdutils) gives the watch a terminal")
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (large, bytes) = try fixture.groupFile("video.bin", size: 32 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.watch", token: try fixture.grant(), delegate: recorder)
            let running = try await Self.heldUpload(session, file: large, base: base, server: server)

            let home = fixture.home.root.path
            // On a terminal (script(1) gives it one): redrawn in place.
            let onTerminal = try await ChildProcess.launch(.init(
                executable: script, arguments: ["-qfec", "\(fixture.executable.path) transfers list --watch --home \(home)", "/dev/null"],
                environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm"], sandbox: nil,
                limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
            // Without one: a line per change of state.
            let inPipe = try await ChildProcess.launch(.init(
                executable: fixture.executable.path, arguments: ["transfers", "list", "--watch", "--home", home],
                environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
                limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
            let first = await onTerminal.output(containing: "running  [", waitingUpTo: .seconds(30))
            try #require(first.contains("running  ["), "no bar on the terminal: \(first.debugDescription)")
            _ = await inPipe.output(containing: "running", waitingUpTo: .seconds(30))
            server.release()

            // Both end by themselves once the upload has completed.
            let (terminalEnding, pipeEnding) = (await onTerminal.exit(), await inPipe.exit())
            let (terminalText, pipeText) = (await onTerminal.output(waitingUpTo: .seconds(30)), await inPipe.output(waitingUpTo: .seconds(30)))
            #expect(terminalEnding.isSuccess, "\(terminalEnding): \(terminalText.debugDescription)")
            #expect(pipeEnding.isSuccess, "\(pipeEnding): \(pipeText)")
            // Back one line (ESC [ 1 F) and clear (ESC [ J): the line is redrawn, not repeated.
            #expect(terminalText.contains("\u{1B}[1F\u{1B}[J1  upload  completed  HTTP 201"), "\(terminalText.debugDescription)")
            #expect(terminalText.hasSuffix("1 of 1 transfer(s) ended\r\n"), "\(terminalText.debugDescription)")
            let lines = pipeText.split(whereSeparator: \.isNewline)
            #expect(lines.count == 3, "running, completed, the summary: \(pipeText)")
            #expect(lines.first?.hasPrefix("1  upload  running  [") == true, "\(pipeText)")
            #expect(lines.dropFirst().first?.hasPrefix("1  upload  completed  HTTP 201") == true, "\(pipeText)")
            #expect(!pipeText.contains("\u{1B}"), "no terminal codes into a pipe")
            #expect(server.completeUploads("/hold") == [bytes])
            session.finishTasksAndInvalidate()
        }
    }

    @Test("transfers wait returns when the task ends (exit 0, the event as JSON) and takes the event; with nothing left, --timeout exits 1")
    func wait() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.bin", size: 2 << 20)
        let identifier = "com.example.notes.scripted"
        try await FailingServer.with { base, server in
            // The extension hands the upload off and goes: the event waits for the app.
            let session = fixture.session(identifier, token: try fixture.grant(), delegate: Recorder())
            _ = try await Self.heldUpload(session, file: file, base: base, server: server)
            session.finishTasksAndInvalidate()
            let waiting = try await ChildProcess.launch(.init(
                executable: fixture.executable.path,
                arguments: ["transfers", "wait", "--app", ServiceFixture.application, "--json", "--home", fixture.home.root.path],
                environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
                limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
            // Nothing has ended yet: the command is still waiting when the server lets go.
            #expect(server.completeUploads("/hold").isEmpty)
            server.release()
            let ending = await waiting.exit()
            let output = await waiting.output(waitingUpTo: .seconds(30))
            #expect(ending.isSuccess, "\(ending): \(output)")
            let event = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            #expect(event?["statusCode"] as? Int == 201, "\(output)")
            #expect(event?["session"] as? String == identifier, "\(output)")
            #expect(server.completeUploads("/hold") == [bytes])
            // Taken: the app's session does not get it.
            #expect(!TransferPromisesTests.completes(try await fixture.reopen(identifier)))

            let empty = try await ChildProcess.launch(.init(
                executable: fixture.executable.path,
                arguments: ["transfers", "wait", "--app", ServiceFixture.application, "--timeout", "1", "--home", fixture.home.root.path],
                environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
                limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
            let timedOut = await empty.exit()
            let said = await empty.output(waitingUpTo: .seconds(30))
            #expect(timedOut == .exited(code: 1), "\(timedOut): \(said)")
            #expect(said.contains("No transfer of \(ServiceFixture.application) finished within 1.0 s"), "\(said)")
        }
    }

    /// An upload of `file` to `POST /hold`, started, past its first MiB and held there
    /// (running) until the server's ``FailingServer/release()``.
    static func heldUpload(_ session: URLSession, file: URL, base: URL, server: FailingServer) async throws -> URLSessionUploadTask {
        var held = URLRequest(url: base.appendingPathComponent("hold"))
        held.httpMethod = "POST"
        let task = session.uploadTask(with: held, fromFile: file)
        task.resume()
        var midway = server.midway.makeAsyncIterator()
        _ = try #require(await midway.next())
        return task
    }

    /// `appex transfers ARGUMENTS --home HOME`, to its end; what it printed.
    func run(_ fixture: ServiceFixture, _ arguments: [String]) async throws -> String {
        let process = try await ChildProcess.launch(.init(
            executable: fixture.executable.path, arguments: ["transfers"] + arguments + ["--home", fixture.home.root.path],
            environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(300)), captures: [1, 2]))
        let ending = await process.exit()
        // Standard error is empty on success, so what is captured is standard output.
        let output = await process.output(waitingUpTo: .seconds(30))
        #expect(ending.isSuccess, "appex transfers \(arguments.joined(separator: " ")): \(ending)\n\(output)")
        return output
    }
}
