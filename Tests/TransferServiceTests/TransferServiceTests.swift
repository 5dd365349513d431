import BackgroundTransfers
import DeviceLayout
import Foundation
import Glibc
import NIOSSL
import Testing

/// The transfer service against a loopback server that fails on purpose, driven through
/// the Apple-shaped API as an extension and its app use it.
@Suite("Background transfers", .serialized)
struct TransferServiceTests {
    struct UploadCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var status: Int
        var requests: Int
        var body: String?
        /// The file's size: larger than the socket buffers, the body cannot all be written
        /// before the server answers.
        var size = 1 << 20
        /// Whether the server reads the body whole before it answers.
        var bodyRead = true
        /// How the first attempt ended, as the service's log says it, when it was retried.
        var firstAttempt: String?
        var testDescription: String { name }
    }

    static let uploads = [
        UploadCase(name: "503 twice, then success: one whole upload of the exact bytes", path: "/flaky", status: 200, requests: 3,
                   body: "stored 1048576 bytes", firstAttempt: "HTTP 503"),
        UploadCase(name: "429 with Retry-After: the next attempt a second later", path: "/busy", status: 200, requests: 2, body: nil,
                   firstAttempt: "HTTP 429"),
        UploadCase(name: "400: no retry, the failure delivered with its body", path: "/bad", status: 400, requests: 1,
                   body: "no such album"),
        UploadCase(name: "the connection reset mid-body: sent again, whole", path: "/reset", status: 200, requests: 2, body: nil,
                   firstAttempt: "connection-lost (-1005)"),
        UploadCase(name: "a 307 redirect: the body sent again, whole, to the new place", path: "/moved", status: 201, requests: 2,
                   body: "stored 1048576 bytes"),
        UploadCase(name: "413 before the body is read: the answer delivered, the rest of the body not waited for", path: "/early",
                   status: 413, requests: 1, body: "too large", size: 32 << 20, bodyRead: false),
    ]

    @Test(arguments: uploads)
    func upload(_ scenario: UploadCase) async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("photo.bin", size: scenario.size)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.upload", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent(String(scenario.path.dropFirst())))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            let completion: (Int?, URLError?, Data)
            do {
                completion = try await recorder.next { call -> (Int?, URLError?, Data)? in
                    if case .completed(let id, let status, let error, let body) = call, id == task.taskIdentifier { return (status, error, body) }
                    return nil
                }
            } catch {
                // Say what the server saw and what the service thinks, so that a failure seen
                // once under load can be understood afterwards.
                Issue.record("\(error); the server saw \(server.seen(scenario.path)); \(await fixture.transfersListing()); service.log:\n\(fixture.serviceLog())")
                throw error
            }
            let (status, error, body) = completion
            #expect(error == nil)
            #expect(status == scenario.status)
            if let expected = scenario.body { #expect(String(decoding: body, as: UTF8.self) == expected) }
            let requests = server.requests(scenario.path)
            #expect(requests.count == scenario.requests, "service.log:\n\(fixture.serviceLog())")
            if let retried = scenario.firstAttempt {
                #expect(fixture.serviceLog().contains("attempt 1: \(retried)"), "service.log:\n\(fixture.serviceLog())")
            }
            // Every body the server took whole is the file, exactly (a 503's, a redirect's).
            let whole = server.completeUploads(scenario.path)
            #expect(whole.isEmpty != scenario.bodyRead && whole.allSatisfy { $0 == bytes }, "the server saw \(server.seen(scenario.path))")
            // Progress reached the delegate in order and before the completion: it never
            // passed the length, and the last report before the completion is the whole file.
            let sent = recorder.progress(of: task.taskIdentifier) {
                if case .completed(task.taskIdentifier, _, _, _) = $0 { true } else { false }
            }
            #expect(sent.allSatisfy { $0 <= Int64(bytes.count) }, "progress went past the length: \(sent)")
            if scenario.bodyRead { #expect(sent.last == Int64(bytes.count), "the last progress before the completion: \(sent)") }
            if scenario.path == "/busy" {
                let gap = try #require(requests.last).at - requests[0].at
                #expect(gap >= .milliseconds(950), "Retry-After: 1 was not honoured (\(gap))")
            }
            session.finishTasksAndInvalidate()
        }
    }

    @Test("A download cut off halfway resumes with a Range request, and the file in the container is exact",
          arguments: [false, true])
    func downloadResumes(overTLS: Bool) async throws {
        // Over HTTPS the cut is a connection closed without TLS's closing message: a
        // network failure to retry, not a failed handshake.
        let authority = overTLS ? try await TestCertificateAuthority.make(name: "Appex Test CA") : nil
        defer { authority?.remove() }
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(trusting: authority?.certificate)
        let tls = try authority.map { authority in
            TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(authority.serverCertificate.path).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: authority.serverKey.path, format: .pem)))
        }
        try await FailingServer.with(tls: tls) { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.download", token: try fixture.grant(), delegate: recorder)
            let task = session.downloadTask(with: base.appendingPathComponent("file"))
            task.resume()
            let data = try await recorder.next { call -> Data? in
                if case .downloaded(let id, let data) = call, id == task.taskIdentifier { return data }
                return nil
            }
            #expect(data == FailingServer.fileBody)
            // Progress went up to the whole file across the cut, never past it, and its last
            // report came before the file did.
            let written = recorder.progress(of: task.taskIdentifier) {
                if case .downloaded(task.taskIdentifier, _) = $0 { true } else { false }
            }
            #expect(written == written.sorted() && written.last == Int64(FailingServer.fileBody.count), "\(written)")
            let requests = server.requests("/file")
            #expect(requests.count == 2)
            // The second asks for the rest of what the first delivered before it was cut off.
            let range = try #require(requests.last?.range)
            let start = try #require(Int(range.dropFirst("bytes=".count).dropLast()))
            #expect(range.hasPrefix("bytes=") && range.hasSuffix("-"))
            #expect(start > 0 && start <= FailingServer.fileBody.count / 2)
            let status = try await recorder.next { call -> Int?? in
                if case .completed(let id, let status, nil, _) = call, id == task.taskIdentifier { return .some(status) }
                return nil
            }
            #expect(status == 206)
            session.finishTasksAndInvalidate()
        }
    }

    @Test("The extension hands the upload off and goes; the app re-creates the session and hears of it once")
    func appReceivesTheExtensionsEvent() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.txt", size: 200_000)
        try await FailingServer.with { base, server in
            let extensionSession = fixture.session("com.example.notes.share", token: try fixture.grant(), delegate: Recorder())
            var request = URLRequest(url: base.appendingPathComponent("slow"))
            request.httpMethod = "POST"
            extensionSession.uploadTask(with: request, fromFile: file).resume()
            // The extension is gone: its connection closes, its file too.
            extensionSession.finishTasksAndInvalidate()
            try FileManager.default.removeItem(at: file)

            // The app opens the session once: the event is either waiting (the backlog,
            // then urlSessionDidFinishEvents) or comes live while the session is open.
            let appToken = try fixture.grant(ServiceFixture.application)
            let recorder = Recorder()
            let appSession = fixture.session("com.example.notes.share", token: appToken, delegate: recorder)
            let status: Int?
            do {
                status = try await recorder.next { call -> Int?? in
                    if case .completed(_, let status, nil, _) = call { return .some(status) }
                    return nil
                }
            } catch {
                // Seen once in a full run (2026-11-28): say what the server saw, what the
                // service thinks and what the app's delegate heard.
                Issue.record("\(error); the server saw \(server.seen("/slow")); the app heard \(recorder.heard); \(await fixture.transfersListing())")
                throw error
            }
            appSession.finishTasksAndInvalidate()
            #expect(status == 201)
            #expect(server.completeUploads("/slow") == [bytes])

            // Exactly once: a session opened again hears nothing before urlSessionDidFinishEvents,
            // which comes after every event that waited.
            let again = try await fixture.reopen("com.example.notes.share")
            #expect(!TransferPromisesTests.completes(again), "the event came twice: \(again)")
        }
    }

    @Test("A running app that asked to be told hears of its extension's upload at once, and re-creating the session delivers it")
    func runningAppIsTold() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.bin", size: 2 << 20)
        try await FailingServer.with { base, server in
            let appToken = try fixture.grant(ServiceFixture.application)
            let told = URLSession.backgroundSessionEvents(endpoint: fixture.endpoint(appToken))

            let recorder = Recorder()
            let session = fixture.session("com.example.notes.share", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("hold"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            // The server holds the upload until the extension has let its session go: a
            // small upload that finished first went to the extension, as on iOS, and the app
            // was rightly never told (seen on a loaded machine, where this thread was not
            // scheduled again before the upload was over).
            var midway = server.midway.makeAsyncIterator()
            _ = await midway.next()
            session.finishTasksAndInvalidate()
            let tookIt = try await recorder.next { call -> Bool? in
                switch call {
                case .completed: true
                case .invalid: false
                default: nil
                }
            }
            #expect(!tookIt, "the extension's session delivered the event")
            server.release()

            #expect(try await Self.appIsTold(told, fixture: fixture, appToken: appToken, of: task) == 201)
            #expect(server.completeUploads("/hold") == [bytes])
        }
    }

    @Test("An extension may not ask to hear of an app's events")
    func extensionIsNotTold() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        var told = URLSession.backgroundSessionEvents(endpoint: fixture.endpoint(try fixture.grant())).makeAsyncIterator()
        await #expect(throws: TransferServiceError.self) { try await told.next() }
    }

    @Test("The service killed with SIGKILL mid-upload and restarted: the upload completes once, its event comes once")
    func survivesKill() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        // Larger than both socket buffers together, so that a kill leaves the body unfinished.
        let (file, bytes) = try fixture.groupFile("video.bin", size: 32 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.big", token: try fixture.grant(ServiceFixture.application), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("slow"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            var midway = server.midway.makeAsyncIterator()
            _ = try #require(await midway.next())
            try fixture.killService()
            // The server reads the body at a crawl: the kill comes before any completion.
            let lost = try await recorder.next { call -> URLError?? in
                if case .invalid(let error) = call { return .some(error) }
                if case .completed = call { return .some(nil) }
                return nil
            }
            #expect(lost?.errorCode == -997, "the session held when the service died: \(String(describing: lost))")
            session.finishTasksAndInvalidate()
            try fixture.start()

            let appToken = try fixture.grant(ServiceFixture.application)
            let second = Recorder()
            let reopened = fixture.session("com.example.notes.big", token: appToken, delegate: second)
            let status = try await second.next(within: .seconds(90)) { call -> Int?? in
                if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
                return nil
            }
            #expect(status == 201)
            #expect(server.completeUploads("/slow") == [bytes])
            reopened.finishTasksAndInvalidate()

            let again = try await fixture.reopen("com.example.notes.big")
            #expect(!TransferPromisesTests.completes(again), "the event came twice: \(again)")
        }
    }

    struct SecureCase: Sendable, CustomTestStringConvertible {
        var name: String
        var trustsServer: Bool
        var testDescription: String { name }
    }

    @Test("HTTPS against the trust store SSL_CERT_FILE names, with a CA the test made",
          arguments: [SecureCase(name: "the server's CA trusted: the upload is stored", trustsServer: true),
                      SecureCase(name: "another CA trusted: -1202, and no request reaches the server", trustsServer: false)])
    func secure(_ scenario: SecureCase) async throws {
        let authority = try await TestCertificateAuthority.make(name: "Appex Test CA")
        let stranger = try await TestCertificateAuthority.make(name: "Some Other CA")
        defer { authority.remove(); stranger.remove() }
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(trusting: scenario.trustsServer ? authority.certificate : stranger.certificate)
        let (file, bytes) = try fixture.groupFile("photo.bin", size: 256 << 10)
        let tls = TLSConfiguration.makeServerConfiguration(certificateChain: try NIOSSLCertificate.fromPEMFile(authority.serverCertificate.path).map { .certificate($0) },
                                                           privateKey: .privateKey(try NIOSSLPrivateKey(file: authority.serverKey.path, format: .pem)))
        try await FailingServer.with(tls: tls) { base, server in
            #expect(base.scheme == "https")
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.secure", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("store"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            let (status, error) = try await recorder.next { call -> (Int?, URLError?)? in
                if case .completed(let id, let status, let error, _) = call, id == task.taskIdentifier { return (status, error) }
                return nil
            }
            if scenario.trustsServer {
                #expect(error == nil)
                #expect(status == 201)
                #expect(server.completeUploads("/store") == [bytes])
            } else {
                #expect(error?.code.rawValue == -1202)
                #expect(server.requests("/store").isEmpty)
            }
            session.finishTasksAndInvalidate()
        }
    }

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        var name: String
        var group: String?
        var urlErrorCode: Int
        var serviceCode: String
        var testDescription: String { name }
    }

    static let refusals = [
        RefusalCase(name: "an app group the extension is not entitled to", group: "group.com.example.other", urlErrorCode: -1,
                    serviceCode: "not-entitled"),
        RefusalCase(name: "no shared container: -995", group: nil, urlErrorCode: -995, serviceCode: "requires-shared-container"),
    ]

    @Test(arguments: refusals)
    func refused(_ scenario: RefusalCase) async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let recorder = Recorder()
        let session = fixture.session("com.example.notes.refused", token: try fixture.grant(), group: scenario.group, delegate: recorder)
        let error = try await recorder.next { call -> URLError?? in
            if case .invalid(let error) = call { return .some(error) }
            return nil
        }
        #expect(error?.errorCode == scenario.urlErrorCode)
        #expect(error?.localizedDescription.contains(scenario.serviceCode) == true)
        let task = session.downloadTask(with: URL(fileURLWithPath: "/"))
        task.resume()
        let failed = try await recorder.next { call -> URLError?? in
            if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
            return nil
        }
        #expect(failed?.errorCode == scenario.urlErrorCode)
    }

    @Test("A second process opening the same identifier gets -996; a data task is refused as on iOS")
    func oneProcessPerSession() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let first = fixture.session("com.example.notes.shared", token: try fixture.grant(), delegate: Recorder())
        let recorder = Recorder()
        let second = fixture.session("com.example.notes.shared", token: try fixture.grant(), delegate: recorder)
        let error = try await recorder.next { call -> URLError?? in
            if case .invalid(let error) = call { return .some(error) }
            return nil
        }
        #expect(error?.errorCode == -996)

        let dataRecorder = Recorder()
        let third = fixture.session("com.example.notes.data", token: try fixture.grant(), delegate: dataRecorder)
        let task = third.dataTask(with: URL(fileURLWithPath: "/"))
        task.resume()
        let refusal = try await dataRecorder.next { call -> URLError?? in
            if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
            return nil
        }
        #expect(refusal?.localizedDescription == "Data tasks are not supported in background sessions.")
        first.finishTasksAndInvalidate()
        second.finishTasksAndInvalidate()
        third.finishTasksAndInvalidate()
    }

    @Test("A token that names no launch is refused before anything else")
    func unknownToken() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        await #expect(throws: TransferServiceError.self) {
            _ = try await fixture.endpoint(TransferLaunchRecord.makeToken()).connect()
        }
    }
}
