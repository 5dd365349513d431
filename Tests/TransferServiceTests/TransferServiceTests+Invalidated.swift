import BackgroundTransfers
import Dispatch
import Foundation
import Testing

extension TransferServiceTests {
    /// The first answer of `events`, or a failure after `limit`: a notice that never comes
    /// fails the test instead of hanging it.
    static func first(of events: AsyncThrowingStream<String, any Error>, within limit: Duration = .seconds(120)) async throws -> String? {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask {
                var iterator = events.makeAsyncIterator()
                return try await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: limit)
                Issue.record("no notice within \(limit)")
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// The app's side, as `application(_:handleEventsForBackgroundURLSession:…)`: it is told
    /// of the extension's session, re-creates it, and hears of `task`'s end, then of the
    /// events' end; the status its delegate got.
    static func appIsTold(_ told: AsyncThrowingStream<String, any Error>, fixture: ServiceFixture, appToken: String,
                          of task: URLSessionTask) async throws -> Int? {
        #expect(try await first(of: told) == "com.example.notes.share")
        let app = Recorder()
        let reopened = fixture.session("com.example.notes.share", token: appToken, delegate: app)
        defer { reopened.finishTasksAndInvalidate() }
        let status = try await app.next { call -> Int?? in
            if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
            return nil
        }
        _ = try await app.next { call -> Bool? in
            if case .eventsFinished = call { return true }
            return nil
        }
        return status
    }

    @Test("An event that comes after the extension invalidated its session is left for the app, which is told once the extension lets go")
    func invalidatedSessionLeavesItsEvents() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start()
        let (file, bytes) = try fixture.groupFile("note.bin", size: 2 << 20)
        try await FailingServer.with { base, server in
            let appToken = try fixture.grant(ServiceFixture.application)
            let told = URLSession.backgroundSessionEvents(endpoint: fixture.endpoint(appToken))
            // Told of every task's change in the step that sends its event (TransferCoordinator.finish).
            let follower = try await fixture.endpoint(appToken).connect()
            defer { follower.close() }
            _ = try await follower.call(.follow(application: ServiceFixture.application))

            let recorder = Recorder()
            let session = fixture.session("com.example.notes.share", token: try fixture.grant(), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("hold"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            var midway = server.midway.makeAsyncIterator()
            _ = await midway.next()
            // The session's close waits behind its delegate queue, held here: the upload
            // finishes while the invalidated session is still connected.
            let hold = DispatchSemaphore(value: 0)
            session.delegateQueue.addOperation { hold.wait() }
            session.finishTasksAndInvalidate()
            server.release()
            for await notice in follower.notices {
                if case .taskChanged(let changed) = notice, changed.state.isFinal { break }
            }
            hold.signal()
            // The extension took nothing: its delegate hears of the invalidation, not of the task.
            let tookIt = try await recorder.next { call -> Bool? in
                switch call {
                case .completed: true
                case .invalid: false
                default: nil
                }
            }
            #expect(!tookIt, "the invalidated session delivered the event")

            #expect(try await Self.appIsTold(told, fixture: fixture, appToken: appToken, of: task) == 201)
            #expect(server.completeUploads("/hold") == [bytes])
        }
    }
}
