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
            var slow = URLRequest(url: base.appendingPathComponent("slow"))
            slow.httpMethod = "POST"
            let running = session.uploadTask(with: slow, fromFile: large)
            running.resume()
            var midway = server.midway.makeAsyncIterator()
            _ = try #require(await midway.next())

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

    /// `appex transfers ARGUMENTS --home HOME`, to its end; what it printed.
    func run(_ fixture: ServiceFixture, _ arguments: [String]) async throws -> String {
        let process = try await ChildProcess.launch(.init(
            executable: fixture.executable.path, arguments: ["transfers"] + arguments + ["--home", fixture.home.root.path],
            environment: ["PATH": "/usr/bin:/bin"], sandbox: nil,
            limits: ProcessLimits(memoryCap: nil, wallClock: .seconds(60)), captures: [1, 2]))
        let ending = await process.exit()
        // Standard error is empty on success, so what is captured is standard output.
        let output = await process.output()
        #expect(ending.isSuccess, "appex transfers \(arguments.joined(separator: " ")): \(ending)\n\(output)")
        return output
    }
}
