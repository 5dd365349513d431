import ExtensionHost
import FileProviders
import Foundation
import Synchronization

/// The provider's process: started when a call needs it, and again after it ended (it
/// crashed, hung past a call's limit, or broke the protocol), for as long as ``run(signals:)`` runs.
final class ProviderProcess: Sendable {
    private let host: ExtensionHost
    private let installed: InstalledExtension
    private let demand: AsyncStream<Void>.Continuation
    private let demands: AsyncStream<Void>
    private let state = Mutex(State())

    private struct State {
        var current: ExtensionSession?
        var starting = false
        var stopped = false
        var waiters: [CheckedContinuation<ExtensionSession?, Never>] = []
        /// How many processes were started, for status and tests.
        var launches = 0
    }

    init(host: ExtensionHost, installed: InstalledExtension) {
        self.host = host
        self.installed = installed
        (demands, demand) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// How many times the provider's process was started.
    var launches: Int { state.withLock { $0.launches } }

    /// Starts a process whenever one is wanted and none runs, until cancelled; `signals`
    /// gets each folder the provider signals.
    func run(signals: @escaping @Sendable (NSFileProviderItemIdentifier) -> Void) async {
        for await _ in demands {
            if Task.isCancelled { break }
            await host.withFileProvider(installed) { session in
                session.deliverProviderSignals(signals)
                publish(session)
                _ = await session.report()
                state.withLock { if $0.current === session { $0.current = nil } }
            }
        }
        let waiters = state.withLock { state in
            state.stopped = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(returning: nil) }
    }

    /// The running session, started if need be; `nil` once the mount is ending.
    func session() async -> ExtensionSession? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> ExtensionSession?? in
                if state.stopped { return .some(nil) }
                if let current = state.current { return .some(current) }
                state.waiters.append(continuation)
                if !state.starting {
                    state.starting = true
                    demand.yield()
                }
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the running process (the mount is idle, or a test asks).
    func endCurrent() {
        state.withLock { $0.current }?.end()
    }

    /// No more processes: the demands end.
    func stop() {
        demand.finish()
    }

    private func publish(_ session: ExtensionSession) {
        let waiters = state.withLock { state in
            state.current = session
            state.starting = false
            state.launches += 1
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(returning: session) }
    }
}
