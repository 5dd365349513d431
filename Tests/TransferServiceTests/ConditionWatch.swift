import BackgroundTransfers
import Foundation
import Synchronization

/// The service's conditions as a follower hears them (``TransferNotice/conditionsChanged(_:)``):
/// a test waits for the one it expects instead of asking again and again.
final class ConditionWatch: Sendable {
    private let connection: TransferConnection
    private let changes: AsyncStream<[TransferServiceCondition]>
    private let reader: Task<Void, Never>

    /// Follows the service of `fixture` as its app; call ``close()`` when done.
    init(_ fixture: ServiceFixture) async throws {
        connection = try await fixture.endpoint(try fixture.grant(ServiceFixture.application)).connect()
        _ = try await connection.call(.follow(application: ServiceFixture.application))
        let (changes, sink) = AsyncStream.makeStream(of: [TransferServiceCondition].self)
        self.changes = changes
        // Owned by the watch: it ends when the connection closes (``close()``).
        reader = Task { [notices = connection.notices] in
            for await notice in notices {
                if case .conditionsChanged(let conditions) = notice { sink.yield(conditions) }
            }
            sink.finish()
        }
    }

    /// The first condition `code` that `accept` accepts, from the changes still to come (or
    /// queued); throws after `limit`.
    func next(_ code: String, within limit: Duration = .seconds(60),
              where accept: @escaping @Sendable (TransferServiceCondition) -> Bool) async throws -> TransferServiceCondition {
        try await withThrowingTaskGroup(of: TransferServiceCondition?.self) { group in
            group.addTask { [changes] in
                for await conditions in changes {
                    if let found = conditions.first(where: { $0.code == code && accept($0) }) { return found }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let found = try await group.next() ?? nil else { throw Recorder.WaitError() }
            return found
        }
    }

    /// The service's conditions now, asked on the same connection.
    func current() async throws -> [TransferServiceCondition] {
        guard case .conditions(let conditions) = try await connection.call(.conditions) else { return [] }
        return conditions
    }

    /// Closes the connection and waits for the reader to end.
    func close() async {
        connection.close()
        await reader.value
    }

    /// A watch dropped on a failed test's way out still closes its connection, which ends
    /// its reader.
    deinit {
        connection.close()
    }
}
