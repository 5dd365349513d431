import ExtensionIPC
import Foundation
import Synchronization

/// Commands and events of the DevTools protocol over a ``DevToolsPipe``: each command goes
/// out with an id and its caller waits for the reply with that id; a caller that awaits an
/// event registers for it (``expect(_:session:)``) before sending what causes it.
///
/// One task, owned by the client, reads the pipe's messages and routes them. Every wait
/// has a time limit kept by the event loop's timers, and ends early when the task is
/// cancelled or the browser goes away.
final class DevToolsClient: Sendable {
    /// An event someone expects: what arrived, or who waits for it.
    private struct Expected: Sendable {
        var method: String
        var session: String?
        var arrived: Data?
        /// Why it will never come (its page crashed), for a wait that starts later.
        var failure: String?
        var continuation: CheckedContinuation<Data, any Error>?

        func matches(_ method: String, _ session: String?) -> Bool {
            arrived == nil && failure == nil && self.method == method && (self.session == nil || self.session == session)
        }
    }

    private struct State: Sendable {
        var nextID = 1
        var replies: [Int: CheckedContinuation<Data, any Error>] = [:]
        var expected: [Int: Expected] = [:]
        var closed: String?
    }

    private let pipe: DevToolsPipe
    private let loop: EventLoop
    private let state = Mutex(State())
    private let router = Mutex<Task<Void, Never>?>(nil)

    init(pipe: DevToolsPipe, loop: EventLoop) {
        self.pipe = pipe
        self.loop = loop
        let task = Task { [self] in
            for await message in pipe.messages { route(message) }
            fail(session: nil, reason: "the browser closed its DevTools pipe", forever: true)
        }
        router.withLock { $0 = task }
    }

    /// Sends `method` to the browser, or to a page's `session`, and decodes the reply's
    /// result; a reply that has not come within `limit` fails the command, naming it.
    func send<Result: Decodable>(_ method: String, _ parameters: some Encodable = NoParameters(), session: String? = nil,
                                 within limit: Duration = .seconds(30), as: Result.Type = Result.self) async throws(WebPageError) -> Result {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let message: Data
        do {
            message = try JSONEncoder().encode(DevToolsCommand(id: id, method: method, params: parameters, sessionId: session))
        } catch {
            throw WebPageError(.protocolError, "cannot encode \(method): \(error)")
        }
        let data = try await wait(limit: limit, what: method, register: { continuation in
            state.withLock { state -> Bool in
                guard state.closed == nil else { return false }
                state.replies[id] = continuation
                return true
            }
        }, unregister: { [self] in
            state.withLock { $0.replies.removeValue(forKey: id) }
        }, then: { pipe.send(message) })
        let reply: DevToolsReply<Result>
        do {
            reply = try JSONDecoder().decode(DevToolsReply<Result>.self, from: data)
        } catch {
            throw WebPageError(.protocolError, "\(method) had a reply this host cannot read: \(error)")
        }
        if let failure = reply.error {
            throw WebPageError(.protocolError, "\(method) failed: \(failure.message)\(failure.data.map { " (\($0))" } ?? "")")
        }
        guard let result = reply.result else { throw WebPageError(.protocolError, "\(method) had a reply without a result") }
        return result
    }

    /// Registers for the next `method` event (of `session`, when given) now, so that a
    /// command sent next cannot race past it; ``ExpectedEvent/value(within:)`` waits for it.
    func expect(_ method: String, session: String?) -> ExpectedEvent {
        let number = state.withLock { state in
            defer { state.nextID += 1 }
            state.expected[state.nextID] = Expected(method: method, session: session)
            return state.nextID
        }
        return ExpectedEvent(client: self, method: method, number: number)
    }

    /// An event registered for with ``expect(_:session:)``.
    struct ExpectedEvent: Sendable {
        fileprivate let client: DevToolsClient
        fileprivate let method: String
        fileprivate let number: Int

        /// The event's message, once it has come; fails after `limit`. Call it once.
        func value(within limit: Duration) async throws(WebPageError) -> Data {
            let client = client, number = number
            return try await client.wait(limit: limit, what: method, register: { continuation in
                client.state.withLock { state -> Bool in
                    guard let entry = state.expected[number] else { return false }
                    if let arrived = entry.arrived {
                        state.expected[number] = nil
                        continuation.resume(returning: arrived)
                    } else if let failure = entry.failure {
                        state.expected[number] = nil
                        continuation.resume(throwing: WebPageError(.browserFailed, failure))
                    } else {
                        state.expected[number]?.continuation = continuation
                    }
                    return true
                }
            }, unregister: {
                client.state.withLock { $0.expected.removeValue(forKey: number)?.continuation }
            }, then: {})
        }

        /// Stops expecting the event (it is no longer needed).
        func cancel() {
            _ = client.state.withLock { $0.expected.removeValue(forKey: number) }
        }
    }

    /// Waits until the continuation `register` stores is resumed, for at most `limit`.
    /// `register` returns `false` when the connection is already closed.
    private func wait(limit: Duration, what: String,
                      register: (CheckedContinuation<Data, any Error>) -> Bool,
                      unregister: @escaping @Sendable () -> CheckedContinuation<Data, any Error>?,
                      then: () -> Void) async throws(WebPageError) -> Data {
        let timer = Mutex<EventLoop.TimerID?>(nil)
        defer { if let id = timer.withLock({ $0 }) { loop.cancel(id) } }
        let reason = state.withLock { $0.closed } ?? "the browser is gone"
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    guard register(continuation) else {
                        return continuation.resume(throwing: WebPageError(.browserFailed, "\(what): \(reason)"))
                    }
                    timer.withLock {
                        $0 = loop.schedule(after: limit) {
                            unregister()?.resume(throwing: WebPageError(.timedOut, "\(what) had no reply within \(limit)"))
                        }
                    }
                    then()
                }
            } onCancel: {
                unregister()?.resume(throwing: WebPageError(.timedOut, "\(what) was cancelled"))
            }
        } catch let error as WebPageError {
            throw error
        } catch {
            throw WebPageError(.protocolError, "\(what): \(error)")
        }
    }

    /// Hands a message to the command or event waiting for it.
    private func route(_ message: Data) {
        guard let envelope = try? JSONDecoder().decode(DevToolsEnvelope.self, from: message) else { return }
        if let id = envelope.id {
            state.withLock { $0.replies.removeValue(forKey: id) }?.resume(returning: message)
            return
        }
        guard let method = envelope.method else { return }
        let woken = state.withLock { state -> [CheckedContinuation<Data, any Error>] in
            var woken: [CheckedContinuation<Data, any Error>] = []
            for (number, entry) in state.expected where entry.matches(method, envelope.sessionId) {
                if let continuation = entry.continuation {
                    state.expected[number] = nil
                    woken.append(continuation)
                } else {
                    state.expected[number]?.arrived = message
                }
            }
            return woken
        }
        woken.forEach { $0.resume(returning: message) }
        if method == "Inspector.targetCrashed" || method == "Target.targetCrashed" {
            fail(session: envelope.sessionId, reason: "the page's renderer crashed", forever: false)
        }
    }

    /// Fails the waits for events of `session` (every wait when `nil`); `forever` also
    /// fails every reply and every later wait: the browser is gone.
    private func fail(session: String?, reason: String, forever: Bool) {
        let waiting = state.withLock { state -> [CheckedContinuation<Data, any Error>] in
            var waiting: [CheckedContinuation<Data, any Error>] = []
            for (number, entry) in state.expected where session == nil || entry.session == session {
                if let continuation = entry.continuation {
                    waiting.append(continuation)
                    state.expected[number] = nil
                } else {
                    state.expected[number]?.failure = reason
                }
            }
            if forever {
                state.closed = state.closed ?? reason
                waiting += state.replies.values
                state.replies = [:]
            }
            return waiting
        }
        waiting.forEach { $0.resume(throwing: WebPageError(.browserFailed, reason)) }
    }

    /// Closes the pipe and waits until every message has been routed.
    func close() async {
        pipe.close()
        await router.withLock({ $0 })?.value
    }
}
