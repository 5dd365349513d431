import Foundation
import TransferWire

extension TransferCoordinator {
    /// Runs a store write on the thread pool, trying it again while it fails: another
    /// connection holding the database past its busy timeout, a full disk or an I/O error
    /// may pass. Waits ``TransferServiceConfiguration/storeRetryDelays`` between tries (on
    /// the loop's timers) and throws the last failure once they are spent, or at once when
    /// the task is cancelled. Each failure is reported to ``health``; a success clears it.
    func persist<T: Sendable>(_ work: @escaping @Sendable (TransferStore) throws -> T) async throws -> T {
        var delays = configuration.storeRetryDelays[...]
        while true {
            do {
                let result = try await blocking { [store] in try work(store) }
                health.clear(TransferServiceCondition.storeUnwritable)
                return result
            } catch {
                health.report(TransferServiceCondition.storeUnwritable, "\(error)")
                guard let delay = delays.popFirst(), !Task.isCancelled else { throw error }
                await loop.sleep(for: delay)
            }
        }
    }

    /// Writes a task's new state (running, waiting to retry, starting over). When the store
    /// still refuses after the retries, the task ends as failed with `store-unwritable`,
    /// which ``finish(_:state:statusCode:headers:body:location:failure:)`` records and the
    /// app hears; returns `false` then, and the task must not go on.
    func record(_ row: TaskRow) async -> Bool {
        do {
            try await persist { try $0.update(row) }
            return true
        } catch {
            if Task.isCancelled { return false }
            await finish(row, state: .failed, failure: TransferFailure(
                urlErrorCode: TransferFailure.unknown, code: TransferServiceCondition.storeUnwritable,
                message: "the service could not record the task's state in \(store.url.path): \(error)"))
            return false
        }
    }

    /// A task as the store has it; `nil` when it has no such task. A read that fails is
    /// tried again as writes are, then reported to ``health`` and thrown.
    func storedTask(_ id: Int64) async throws -> TaskRow? {
        try await persist { try $0.task(id: id) }
    }

    /// Writes a task's ending and its event: tried until it is written, since dropping it
    /// would lose the app's event. Past ``TransferServiceConfiguration/storeRetryDelays``,
    /// it is tried again at the last of them for as long as the service runs. `nil` when
    /// the task had already ended, or when the service stopped first (the task is then
    /// still unfinished in the store, and a restarted service runs it again).
    func recordEnding(_ row: TaskRow, event: TransferEvent) async -> TransferEvent? {
        let pause = configuration.storeRetryDelays.last ?? .seconds(1)
        while true {
            do {
                return try await persist { try $0.finish(row, event: event) }
            } catch {
                if Task.isCancelled { return nil }
                await loop.sleep(for: pause)
            }
        }
    }
}
