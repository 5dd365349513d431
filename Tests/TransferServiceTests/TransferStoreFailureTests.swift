import BackgroundTransfers
import Foundation
import GRDB
import Testing

/// A store that refuses writes: another connection holds `transfers.sqlite`'s write lock
/// (SQLite's own `BEGIN IMMEDIATE`, from the test process) while the service must write.
/// The service runs with a 200 ms busy timeout, so its retries are spent in about a second.
@Suite("Background transfers: a store that refuses writes", .serialized)
struct TransferStoreFailureTests {
    static let settings = ["APPEX_TRANSFERS_STORE_BUSY_MS": "200"]

    /// Holds the store's write lock from another connection until ``release()``.
    final class WriteLock {
        private let queue: DatabaseQueue

        init(_ url: URL) throws {
            var configuration = Configuration()
            configuration.busyMode = .timeout(30)
            configuration.allowsUnsafeTransactions = true  // held across calls: that is the point
            queue = try DatabaseQueue(path: url.path, configuration: configuration)
            try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        }

        func release() throws {
            try queue.inDatabase { db in try db.execute(sql: "COMMIT") }
        }
    }

    @Test("An upload's ending, written while another connection holds the store: tried until written, and the app hears it once")
    func endingWaitsForTheStore() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: Self.settings)
        let (file, bytes) = try fixture.groupFile("photo.bin", size: 2 << 20)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let identifier = "com.example.notes.locked"
            let session = fixture.session(identifier, token: try fixture.grant(ServiceFixture.application), delegate: recorder)
            let task = try await TransfersCommandTests.heldUpload(session, file: file, base: base, server: server)
            let watch = try await ConditionWatch(fixture)
            let lock = try WriteLock(fixture.layout.database)
            server.release()
            // Past the state writes' whole budget (4 tries): only an ending is tried this long.
            let condition = try await watch.next(TransferServiceCondition.storeUnwritable) { $0.occurrences >= 6 }
            #expect(condition.ongoing && condition.message.contains("transfers.sqlite"), "\(condition)")
            #expect(!TransferPromisesTests.completes(recorder.heard), "completed before its ending was written")
            try lock.release()
            let status = try await recorder.next { call -> Int?? in
                if case .completed(task.taskIdentifier, let status, nil, _) = call { return .some(status) }
                return nil
            }
            #expect(status == 201)
            #expect(server.completeUploads("/hold") == [bytes])
            let after = try await watch.next(TransferServiceCondition.storeUnwritable) { !$0.ongoing }
            #expect(after.occurrences >= 6, "the condition ended once a write went through: \(after)")
            await watch.close()
            session.finishTasksAndInvalidate()
            #expect(!TransferPromisesTests.completes(try await fixture.reopen(identifier)))
        }
    }

    @Test("A retry that cannot be recorded: the task ends as failed with store-unwritable, recorded once the store takes writes, and the app hears it")
    func unrecordableStateFailsTheTask() async throws {
        let fixture = try ServiceFixture()
        defer { fixture.stop() }
        try fixture.start(settings: Self.settings)
        let (file, _) = try fixture.groupFile("photo.bin", size: 256 << 10)
        try await FailingServer.with { base, server in
            let recorder = Recorder()
            let session = fixture.session("com.example.notes.unwritable", token: try fixture.grant(ServiceFixture.application), delegate: recorder)
            var request = URLRequest(url: base.appendingPathComponent("unavailable"))
            request.httpMethod = "POST"
            let task = session.uploadTask(with: request, fromFile: file)
            task.resume()
            var midway = server.midway.makeAsyncIterator()
            _ = try #require(await midway.next())
            let watch = try await ConditionWatch(fixture)
            let lock = try WriteLock(fixture.layout.database)
            server.release()  // 503: the service must record that the task waits to retry
            // 4 tries of the waiting state, then the failed ending's first.
            _ = try await watch.next(TransferServiceCondition.storeUnwritable) { $0.occurrences >= 5 }
            await watch.close()
            try lock.release()
            let error = try await recorder.next { call -> URLError?? in
                if case .completed(task.taskIdentifier, _, let error, _) = call { return .some(error) }
                return nil
            }
            #expect(error?.errorCode == -1)
            #expect(error?.localizedDescription.contains("store-unwritable") == true, "\(String(describing: error))")
            #expect(error?.localizedDescription.contains("transfers.sqlite") == true, "names the store: \(String(describing: error))")
            #expect(server.requests("/unavailable").count == 1, "a task that failed is not retried")
            session.finishTasksAndInvalidate()
        }
    }
}
