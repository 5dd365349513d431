import TransferWire
import DeviceLayout
import ExtensionIPC
import Foundation
import NIOPosix

/// The service's state while it runs: who is connected, which process holds which session,
/// who watches for events, and which tasks are moving.
///
/// An actor: its state changes on requests, on task progress and on disconnections, all
/// asynchronous. Blocking work (SQLite, file copies) runs on NIO's thread pool, never on
/// the actor. Each task's transfer is a Swift task the coordinator owns: cancelled by
/// `cancel`, and all of them at ``shutdown()``.
package actor TransferCoordinator {
    struct SessionKey: Hashable {
        var application: String
        var identifier: String
    }

    struct Client {
        var caller: TransferCaller
        var outbox: AsyncStream<Frame>.Continuation
        var session: SessionKey?
        var sessionContainer: URL?
        /// Between taking a session and its reply: live events wait in ``held``, so none
        /// overtakes the reply or the backlog.
        var opening = false
        var held: [TransferEvent] = []
        /// Events sent on this connection: one that is both in the backlog and announced
        /// live goes out once.
        var sent: Set<Int64> = []
        /// Events this connection acknowledged (taken from the store).
        var acknowledged: Set<Int64> = []
    }

    let store: TransferStore
    let engine: TransferEngine
    let configuration: TransferServiceConfiguration
    let layout: TransferServiceLayout
    let home: AppexHome
    var clients: [Int: Client] = [:]
    var sessions: [SessionKey: Int] = [:]
    var watchers: [String: Set<Int>] = [:]
    /// Clients following task changes, with the app they follow (`nil`: every app).
    var followers: [Int: String?] = [:]
    var transfers: [Int64: Task<Void, Never>] = [:]
    /// The newest progress of moving tasks (the store has it only when an attempt ends).
    var lastProgress: [Int64: TransferProgressValues] = [:]
    /// When each task waiting to retry is due, on the monotonic clock (the store keeps a
    /// date, for a restart).
    var retryDue: [Int64: ContinuousClock.Instant] = [:]
    /// The process's event loop: its timers measure back-offs and idleness.
    let loop: EventLoop
    /// What is wrong with the service itself, for `list` and `doctor`.
    let health: ServiceHealth
    /// Opens waiting for a session's holder to disconnect.
    let releases: SessionReleases
    var idleTimer: EventLoop.TimerID?
    let idleSink: AsyncStream<Void>.Continuation
    /// Yields once when the service has been idle for ``TransferServiceConfiguration/idleExit``.
    package let idle: AsyncStream<Void>

    /// A coordinator for `store`; throws when the process's event loop cannot start (its
    /// timers are the retries' back-offs: without them a retry would not wait).
    package init(home: AppexHome, store: TransferStore, configuration: TransferServiceConfiguration,
                 health: ServiceHealth = ServiceHealth()) throws(TransferServiceError) {
        do {
            loop = try EventLoop.shared()
        } catch {
            throw TransferServiceError(.unavailable, "cannot start the event loop: \(error)")
        }
        self.home = home
        layout = TransferServiceLayout(home: home)
        self.store = store
        self.configuration = configuration
        self.health = health
        engine = TransferEngine(configuration: configuration)
        releases = SessionReleases(loop: loop)
        (idle, idleSink) = AsyncStream.makeStream(of: Void.self)
    }

    /// Resumes every task a previous run left unfinished: running ones wait again (an
    /// upload starts over; a download continues from what its file holds).
    package func resumeUnfinished() async throws {
        let rows = try await blocking { [store] in try store.unfinishedTasks() }
        for row in rows {
            guard let id = row.id else { continue }
            startTransfer(id)
        }
        noteActivity()
    }

    /// Cancels every transfer and waits for them; their tasks stay in the store as they were.
    package func shutdown() async {
        let running = Array(transfers.values)
        transfers.removeAll()
        running.forEach { $0.cancel() }
        for task in running { await task.value }
        if let idleTimer { loop.cancel(idleTimer) }
        await engine.shutdown()
    }

    // MARK: Clients

    func connect(_ id: Int, caller: TransferCaller, outbox: AsyncStream<Frame>.Continuation) {
        clients[id] = Client(caller: caller, outbox: outbox)
        noteActivity()
    }

    func disconnect(_ id: Int) {
        if let client = clients[id], let key = client.session, sessions[key] == id {
            sessions[key] = nil
            releases.release(key)
            // Events sent to the holder that it never acknowledged (it invalidated the session
            // or died first) still wait in the store: the app's watchers hear of them now, as
            // they would have, had the session not been held when the events came.
            if !client.sent.subtracting(client.acknowledged).isEmpty {
                for watcher in watchers[key.application] ?? [] where watcher != id {
                    push(.eventsPending(application: key.application, sessionIdentifier: key.identifier), to: watcher)
                }
            }
        }
        for application in watchers.keys { watchers[application]?.remove(id) }
        followers[id] = nil
        clients[id] = nil
        noteActivity()
    }

    func push(_ notice: TransferNotice, to id: Int, replying requestID: UInt64 = 0) {
        guard let client = clients[id], let frame = try? TransferEnvelope(id: requestID, body: notice).frame() else { return }
        client.outbox.yield(frame)
    }

    /// Sends an event to the client holding its session, once; held while the session opens.
    func send(_ event: TransferEvent, to id: Int) {
        guard let client = clients[id] else { return }
        if client.opening {
            clients[id]?.held.append(event)
            return
        }
        guard !client.sent.contains(event.id) else { return }
        clients[id]?.sent.insert(event.id)
        push(.event(event), to: id)
    }

    // MARK: Idle exit

    /// Starts the idle clock when nothing is connected and nothing moves; stops it otherwise.
    func noteActivity() {
        if let idleTimer { loop.cancel(idleTimer) }
        idleTimer = nil
        guard clients.isEmpty, transfers.isEmpty, let limit = configuration.idleExit else { return }
        idleTimer = loop.schedule(after: limit) { [idleSink] in idleSink.yield() }
    }

    /// Runs blocking `work` (SQLite, files) on NIO's thread pool.
    func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
