import BackgroundTransfers
import Foundation
import Dispatch
import Glibc
import Synchronization
import Testing

/// The promises of docs/TRANSFERS.md ("Guarantees", and the table of what is refused with
/// which error) that need the service to die or a process to go at the wrong moment.
@Suite("Background transfers: what survives a kill", .serialized)
struct TransferPromisesTests {
    /// Whether `heard` holds a completion of task `id` (any task when `nil`).
    static func completes(_ heard: [Recorder.Call], task id: Int? = nil) -> Bool {
        heard.contains { call in
            if case .completed(let identifier, _, _, _) = call { return id == nil || identifier == id }
            return false
        }
    }

    @Test("The service killed under an open session: the session becomes invalid with -997, and a task started on it fails with -997")
    func killedUnderOpenSession() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let recorder = Recorder()
        let session = fixture.session("com.example.notes.open", token: try fixture.grant(ServiceFixture.application), delegate: recorder)
        try fixture.killService()
        let error = try await recorder.next { call -> URLError?? in
            if case .invalid(let error) = call { return .some(error) }
            return nil
        }
        #expect(error?.errorCode == -997, "\(String(describing: error))")
        let task = session.downloadTask(with: URL(fileURLWithPath: "/"))
        task.resume()
        let failed = try await recorder.next { call -> URLError?? in
            if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
            return nil
        }
        #expect(failed?.errorCode == -997)
    }

    @Test("A process that dies with an event it did not acknowledge: the next process to open the session gets it, once")
    func unacknowledgedEventComesAgain() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.bin", size: 2 << 20)
        let identifier = "com.example.notes.dies"
        try await FailingServer.with { base, server in
            let appToken = try fixture.grant(ServiceFixture.application)
            // The app's process, spoken to on the wire: it watches, then holds the session.
            let dying = try await fixture.endpoint(appToken).connect()
            _ = try await dying.call(.watch(application: ServiceFixture.application))
            var notices = dying.notices.makeAsyncIterator()

            // The extension's upload, held by the server until the extension let its session go.
            let extensionSession = fixture.session(identifier, token: try fixture.grant(), delegate: Recorder())
            _ = try await TransfersCommandTests.heldUpload(extensionSession, file: file, base: base, server: server)
            extensionSession.finishTasksAndInvalidate()
            server.release()
            while let notice = await notices.next() {
                if case .eventsPending(_, identifier) = notice { break }
            }
            let opened = try await dying.call(.openSession(identifier: identifier, sharedContainerIdentifier: ServiceFixture.group))
            #expect({ if case .sessionOpened = opened { true } else { false } }(), "the session did not open: \(opened)")
            var event: TransferEvent?
            while let notice = await notices.next() {
                if case .event(let sent) = notice { event = sent }
                if case .eventsFinished = notice { break }
            }
            let delivered = try #require(event, "the opening delivered no event")
            #expect(delivered.statusCode == 201)
            // It dies before acknowledging: its socket closes, as a dead process's does.
            dying.close()

            let next = try await fixture.reopen(identifier)
            #expect(Self.completes(next), "the next process did not get the event: \(next)")
            let completions = next.filter { if case .completed = $0 { true } else { false } }
            #expect(completions.count == 1, "\(next)")
            // Acknowledged by that one: never again.
            let after = try await fixture.reopen(identifier)
            #expect(!Self.completes(after), "an acknowledged event came back: \(after)")
            #expect(server.completeUploads("/hold") == [bytes])
        }
    }

    @Test("The service killed mid-download and restarted: the download continues from the partial file's length with Range and If-Range, and the file is exact")
    func downloadSurvivesKill() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let identifier = "com.example.notes.fetch"
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session(identifier, token: try fixture.grant(ServiceFixture.application), delegate: recorder)
            let task = session.downloadTask(with: base.appendingPathComponent("big"))
            task.resume()
            // Past a MiB on the service's side, then killed while the server crawls.
            _ = try await recorder.next { call -> Bool? in
                if case .written(task.taskIdentifier, let total) = call, total >= 1 << 20 { return true }
                return nil
            }
            try fixture.killService()
            let partials = try FileManager.default.contentsOfDirectory(atPath: fixture.layout.partialDirectory.path)
            let partial = try #require(partials.first, "no partial file in \(fixture.layout.partialDirectory.path)")
            #expect(partials.count == 1)
            let kept = try #require(try FileManager.default.attributesOfItem(
                atPath: fixture.layout.partialDirectory.appendingPathComponent(partial).path)[.size] as? Int)
            #expect(kept > 0 && kept < FailingServer.bigBody.count, "the partial file holds \(kept) bytes")
            #expect(FileManager.default.contents(atPath: fixture.layout.partialDirectory.appendingPathComponent(partial).path)
                    == FailingServer.bigBody.prefix(kept), "the partial file is not the body's start")
            _ = try await recorder.next { call -> Bool? in
                if case .invalid = call { return true }
                return nil
            }
            session.finishTasksAndInvalidate()

            try fixture.start()
            let second = Recorder()
            let reopened = fixture.session(identifier, token: try fixture.grant(ServiceFixture.application), delegate: second)
            let data = try await second.next(within: .seconds(120)) { call -> Data? in
                if case .downloaded(task.taskIdentifier, let data) = call { return data }
                return nil
            }
            #expect(data == FailingServer.bigBody)
            let status = try await second.next { call -> Int?? in
                if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
                return nil
            }
            #expect(status == 206)
            reopened.finishTasksAndInvalidate()
            let requests = server.requests("/big")
            #expect(requests.count == 2, "\(requests.map { $0.range ?? "whole" })")
            #expect(requests.last?.range == "bytes=\(kept)-", "the partial file held \(kept) bytes")
            #expect(requests.last?.ifRange == "\"v2\"", "the validator recorded when the first response began")
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.layout.partialDirectory.path).isEmpty)
            #expect(!Self.completes(try await fixture.reopen(identifier)), "the download's event came twice")
        }
    }

    /// A delegate whose first completion call holds its thread until ``release``.
    final class HeldDelegate: URLSessionDataDelegate, Sendable {
        let completions = Mutex(0)
        let entered: AsyncStream<Void>
        private let sink: AsyncStream<Void>.Continuation
        let release = DispatchSemaphore(value: 0)

        init() {
            (entered, sink) = AsyncStream.makeStream(of: Void.self)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let first = completions.withLock { count -> Bool in
                count += 1
                return count == 1
            }
            sink.yield()
            // Apple's delegate calls are synchronous: the acknowledgement follows the return.
            if first { release.wait() }
        }
    }

    @Test("The service killed while the delegate handles an event, before its acknowledgement: the next opening in the same process, even during that call, acknowledges it without calling a delegate again")
    func lostAcknowledgement() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, _) = try fixture.groupFile("note.txt", size: 5_000)
        let identifier = "com.example.notes.lostack"
        try await FailingServer.with { base, _ in
            let delegate = HeldDelegate()
            let session = fixture.session(identifier, token: try fixture.grant(ServiceFixture.application), delegate: delegate)
            var request = URLRequest(url: base.appendingPathComponent("store"))
            request.httpMethod = "POST"
            session.uploadTask(with: request, fromFile: file).resume()
            var entered = delegate.entered.makeAsyncIterator()
            _ = await entered.next()
            try fixture.killService()
            try fixture.start()
            // Opened again while the first delegate is still in its call: the event comes
            // again, and must not reach a second delegate.
            let again = try await fixture.reopen(identifier)
            delegate.release.signal()
            session.finishTasksAndInvalidate()
            #expect(!Self.completes(again), "the handled event reached a delegate again: \(again)")
            #expect(delegate.completions.withLock { $0 } == 1)
            // The second opening acknowledged it: the service does not send it again.
            #expect(!Self.completes(try await fixture.reopen(identifier)))
        }
    }
}
