import BackgroundTransfers
import CAppexSystem
import Foundation
import Glibc
import Testing

/// docs/TRANSFERS.md's retries, resumes and refusals, one test each.
@Suite("Background transfers: retries, resumes and refusals", .serialized)
struct TransferRetryTests {
    struct DownloadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var body: Data
        var requests: Int
        var testDescription: String { name }
    }

    static let restarts = [
        DownloadCase(name: "a 200 instead of 206 (the file changed): the file starts over, and holds the new body only",
                     path: "/changed", body: FailingServer.changedBody, requests: 2),
        DownloadCase(name: "a 416 to the resumed range: the download starts over from nothing", path: "/unsatisfiable",
                     body: FailingServer.fileBody, requests: 3),
    ]

    @Test(arguments: restarts)
    func downloadStartsOver(_ scenario: DownloadCase) async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.again", token: try fixture.grant(), delegate: recorder)
            let task = session.downloadTask(with: base.appendingPathComponent(String(scenario.path.dropFirst())))
            task.resume()
            let data = try await recorder.next { call -> Data? in
                if case .downloaded(task.taskIdentifier, let data) = call { return data }
                return nil
            }
            #expect(data == scenario.body, "\(data.count) bytes; service.log:\n\(fixture.serviceLog())")
            let requests = server.requests(scenario.path)
            #expect(requests.count == scenario.requests, "\(requests.map { $0.range ?? "whole" })")
            // The second asked for the rest, guarded by the first's validator.
            #expect(requests.dropFirst().first?.ifRange == "\"v1\"")
            #expect(requests.dropFirst().first?.range?.hasPrefix("bytes=") == true)
            if scenario.requests == 3 { #expect(requests.last?.range == nil, "started over from nothing") }
            session.finishTasksAndInvalidate()
        }
    }

    struct ExhaustedCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// A path on the failing server, or nil for a port nothing listens on.
        var path: String?
        var status: Int?
        var errorCode: Int?
        var testDescription: String { name }
    }

    static let exhausted = [
        ExhaustedCase(name: "503 at every attempt: the last status, with no error", path: "/down", status: 503, errorCode: nil),
        ExhaustedCase(name: "refused at every attempt: -1004", path: nil, status: nil, errorCode: -1004),
    ]

    @Test("Attempts spent (APPEX_TRANSFERS_MAX_ATTEMPTS=3)", arguments: exhausted)
    func attemptsSpent(_ scenario: ExhaustedCase) async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: ["APPEX_TRANSFERS_MAX_ATTEMPTS": "3"])
        let (file, _) = try fixture.groupFile("note.txt", size: 10_000)
        try await FailingServer.with { base, server in
            let url: URL
            if let path = scenario.path {
                url = base.appendingPathComponent(String(path.dropFirst()))
            } else {
                url = try #require(URL(string: "http://127.0.0.1:\(try Self.closedPort())/nowhere"))
            }
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.spent", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            let (status, error, body) = try await recorder.next { call -> (Int?, URLError?, Data)? in
                if case .completed(task.taskIdentifier, let status, let error, let body) = call { return (status, error, body) }
                return nil
            }
            #expect(status == scenario.status)
            #expect(error?.errorCode == scenario.errorCode, "\(String(describing: error))")
            if let path = scenario.path {
                #expect(server.requests(path).count == 3)
                #expect(String(decoding: body, as: UTF8.self) == "down for maintenance")
            } else {
                #expect(error?.localizedDescription.contains("gave up after 3 attempts") == true, "\(String(describing: error))")
            }
            session.finishTasksAndInvalidate()
        }
    }

    @Test("A server that stops reading the body: the attempt ends after APPEX_TRANSFERS_STALL_S with -1001, and is tried again")
    func stalledBody() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: ["APPEX_TRANSFERS_STALL_S": "2", "APPEX_TRANSFERS_MAX_ATTEMPTS": "2"])
        // Larger than both sockets' buffers: the body stalls once the server stops reading.
        let (file, _) = try fixture.groupFile("video.bin", size: 32 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.stall", token: try fixture.grant(), delegate: recorder)
            let task = try await TransfersCommandTests.heldUpload(session, file: file, base: base, server: server)
            let clock = ContinuousClock()
            let start = clock.now
            let error = try await recorder.next(within: .seconds(120)) { call -> URLError?? in
                if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
                return nil
            }
            #expect(error?.errorCode == -1001, "\(String(describing: error)); service.log:\n\(fixture.serviceLog())")
            #expect(fixture.serviceLog().contains("attempt 1: timed-out"), "\(fixture.serviceLog())")
            #expect(clock.now - start < .seconds(60))
            session.finishTasksAndInvalidate()
        }
    }

    @Test("Redirects are followed up to 10; one more is -1007, not tried again")
    func tooManyRedirects() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.hops", token: try fixture.grant(), delegate: recorder)
            let task = session.downloadTask(with: base.appendingPathComponent("hop/0"))
            task.resume()
            let error = try await recorder.next { call -> URLError?? in
                if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
                return nil
            }
            #expect(error?.errorCode == -1007, "\(String(describing: error))")
            // The first request and 10 redirects, once: a redirect loop is not retried.
            #expect(server.requests("/hop").count == 11)
            session.finishTasksAndInvalidate()
        }
    }

    /// A loopback port nothing listens on: bound, then closed.
    static func closedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        try #require(bound, "cannot bind a loopback port")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test("A task waiting to retry when the service is killed waits again after the restart, for what is left of its Retry-After, and runs once")
    func waitingTaskWaitsAgain() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.bin", size: 100_000)
        try await FailingServer.with { base, server in
            let appToken = try fixture.grant(ServiceFixture.application)
            let follower = try await fixture.endpoint(appToken).connect()
            defer { follower.close() }
            _ = try await follower.call(.follow(application: ServiceFixture.application))
            var changes = follower.notices.makeAsyncIterator()
            let recorder = Recorder()
            let identifier = "com.example.notes.later"
            let session = fixture.session(identifier, token: appToken, delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("later"))
            request.httpMethod = "POST"
            session.uploadTask(with: request, fromFile: file).resume()
            var waiting: TransferTaskSnapshot?
            while waiting == nil, let notice = await changes.next() {
                // Waiting with a date: after the 429 (a new task waits too, for its first attempt).
                if case .taskChanged(let snapshot) = notice, snapshot.state == .waiting, snapshot.nextAttempt != nil { waiting = snapshot }
            }
            let due = try #require(waiting?.nextAttempt, "the task never waited to retry")
            try fixture.killService()
            session.finishTasksAndInvalidate()
            try fixture.start()
            let status = try await {
                let recorder = Recorder()
                let reopened = fixture.session(identifier, token: appToken, delegate: recorder)
                defer { reopened.finishTasksAndInvalidate() }
                return try await recorder.next { call -> Int?? in
                    if case .completed(_, let status, nil, _) = call { return .some(status) }
                    return nil
                }
            }()
            #expect(status == 201)
            let requests = server.requests("/later")
            #expect(requests.count == 2)
            #expect(server.completeUploads("/later").last == bytes)
            // The retry came no earlier than the date the first run stored (to the second).
            #expect(Date() >= due.addingTimeInterval(-1), "retried before \(due)")
            let gap = try #require(requests.last).at - requests[0].at
            #expect(gap >= .milliseconds(4_000), "Retry-After: 5 was cut short by the restart (\(gap))")
        }
    }

    @Test("uploadTask(with:from:) and a streamed request fail at resume() with Apple's reason")
    func refusedKinds() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let recorder = Recorder()
        let session = fixture.session("com.example.notes.kinds", token: try fixture.grant(), delegate: recorder)
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/x")))
        request.httpMethod = "POST"
        let fromData = session.uploadTask(with: request, from: Data("hello".utf8))
        fromData.resume()
        let streamed = session.uploadTask(withStreamedRequest: request)
        streamed.resume()
        for task in [fromData, streamed] {
            let error = try await recorder.next { call -> URLError?? in
                if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
                return nil
            }
            #expect(error?.localizedDescription.contains("background sessions") == true, "\(String(describing: error))")
        }
        session.finishTasksAndInvalidate()
    }

    @Test("cancel() of a running task: the app hears -999, and the server's request is cut")
    func cancelled() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, _) = try fixture.groupFile("video.bin", size: 8 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.cancel", token: try fixture.grant(), delegate: recorder)
            let task = try await TransfersCommandTests.heldUpload(session, file: file, base: base, server: server)
            task.cancel()
            let error = try await recorder.next { call -> URLError?? in
                if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
                return nil
            }
            #expect(error?.errorCode == -999)
            #expect(server.completeUploads("/hold").isEmpty)
            session.finishTasksAndInvalidate()
        }
    }

    @Test("backgroundSessionEvents() ends with -997 when the service goes")
    func eventsStreamEnds() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, _) = try fixture.groupFile("note.txt", size: 1000)
        try await FailingServer.with { base, _ in
            var told = URLSession.backgroundSessionEvents(endpoint: fixture.endpoint(try fixture.grant(ServiceFixture.application)))
                .makeAsyncIterator()
            // An extension's upload ends with nobody holding its session: the stream says so,
            // which shows it is connected and watching.
            let session = fixture.session("com.example.notes.told", token: try fixture.grant(), delegate: Recorder())
            var request = URLRequest(url: base.appendingPathComponent("store"))
            request.httpMethod = "POST"
            session.uploadTask(with: request, fromFile: file).resume()
            session.finishTasksAndInvalidate()
            #expect(try await told.next() == "com.example.notes.told")
            try fixture.killService()
            let ending: (any Error)?
            do {
                _ = try await told.next()
                ending = nil
            } catch {
                ending = error
            }
            // A TransferServiceError whose URL error code is -997, as the stream's documentation says.
            #expect((ending as? TransferServiceError)?.urlErrorCode == -997, "\(String(describing: ending))")
        }
    }

    @Test("The service leaves after APPEX_TRANSFERS_IDLE_EXIT_S seconds with no client and no transfer")
    func idleExit() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: ["APPEX_TRANSFERS_IDLE_EXIT_S": "1"])
        _ = try await fixture.conditions()  // it answered, so it has written its pid; then no client is left
        let pid = try fixture.servicePID()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await ServiceFixture.ends(pid, within: 60), "the idle service did not leave within 60 s")
        #expect(clock.now - start < .seconds(30))
    }

    @Test("A service whose home is removed ends, though a client is connected and idle exit is off")
    func homeRemoved() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: ["APPEX_TRANSFERS_IDLE_EXIT_S": "0"])
        let connection = try await fixture.endpoint(try fixture.grant(ServiceFixture.application)).connect()
        defer { connection.close() }
        let pid = try fixture.servicePID()
        try FileManager.default.removeItem(at: fixture.home.root)
        #expect(await ServiceFixture.ends(pid, within: 30), "the service outlived its home")
    }

    @Test("A file the app rewrites in place before its upload ends is sent as rewritten (the spool holds the same file)")
    func rewrittenInPlace() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        // Larger than both sockets' buffers: its end is still on disk when the server holds it.
        let (file, bytes) = try fixture.groupFile("draft.bin", size: 32 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.rewrite", token: try fixture.grant(), delegate: recorder)
            let task = try await TransfersCommandTests.heldUpload(session, file: file, base: base, server: server)
            // The last MiB, not sent yet: rewritten in place, as an app saving over its file does.
            let tail = Data(repeating: 0x5A, count: 1 << 20)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seek(toOffset: UInt64(bytes.count - tail.count))
            try handle.write(contentsOf: tail)
            try handle.close()
            server.release()
            _ = try await recorder.next { call -> Bool? in
                if case .completed(task.taskIdentifier, _, nil, _) = call { return true }
                return nil
            }
            #expect(server.completeUploads("/hold") == [bytes.prefix(bytes.count - tail.count) + tail])
            session.finishTasksAndInvalidate()
        }
    }
}
