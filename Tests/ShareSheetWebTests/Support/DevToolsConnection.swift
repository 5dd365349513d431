import Foundation
import HummingbirdWSClient
import Logging
import Synchronization

/// A connection to Chromium's DevTools protocol over its WebSocket: commands go out with
/// an id, and each waits for the reply with that id.
final class DevToolsConnection: Sendable {
    private let outgoing: AsyncStream<String>.Continuation
    private let waiters = Waiters()
    private let task: Task<Void, Never>

    /// Connects to `url` (the browser's `ws://…/devtools/browser/…`).
    init(url: String) {
        let (messages, outgoing) = AsyncStream.makeStream(of: String.self)
        self.outgoing = outgoing
        let waiters = waiters
        task = Task {
            var logger = Logger(label: "devtools")
            logger.logLevel = .critical
            _ = try? await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 64 << 20), logger: logger) { inbound, outbound, _ in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await message in messages { try await outbound.write(.text(message)) }
                    }
                    for try await message in inbound.messages(maxSize: 64 << 20) {
                        guard case .text(let text) = message,
                              let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                              let id = object["id"] as? Int else { continue }
                        let waiter = waiters.state.withLock { $0.pending.removeValue(forKey: id) }
                        if let error = object["error"] as? [String: Any] {
                            waiter?.resume(throwing: DevToolsError(message: "\(error["message"] ?? error)"))
                        } else {
                            let result = (try? JSONSerialization.data(withJSONObject: object["result"] ?? [:])) ?? Data("{}".utf8)
                            waiter?.resume(returning: result)
                        }
                    }
                    group.cancelAll()
                }
            }
            let pending = waiters.state.withLock { state in
                state.closed = true
                defer { state.pending = [:] }
                return Array(state.pending.values)
            }
            pending.forEach { $0.resume(throwing: DevToolsError(message: "the DevTools connection closed")) }
        }
    }

    /// Sends `method` with `params` (to a page's `sessionId` when given) and returns the
    /// reply's result as JSON.
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) async throws -> [String: Any] {
        var command: [String: Any] = ["method": method, "params": params]
        if let session { command["sessionId"] = session }
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            let id = waiters.state.withLock { state -> Int? in
                guard !state.closed else { return nil }
                defer { state.next += 1 }
                state.pending[state.next] = continuation
                return state.next
            }
            guard let id else { return continuation.resume(throwing: DevToolsError(message: "the DevTools connection is closed")) }
            command["id"] = id
            guard let json = try? JSONSerialization.data(withJSONObject: command) else {
                _ = waiters.state.withLock { $0.pending.removeValue(forKey: id) }
                return continuation.resume(throwing: DevToolsError(message: "\(method): parameters are not JSON"))
            }
            outgoing.yield(String(decoding: json, as: UTF8.self))
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Closes the connection and waits until it is closed.
    func close() async {
        outgoing.finish()
        task.cancel()
        await task.value
    }
}

/// The commands waiting for their replies.
final class Waiters: Sendable {
    let state = Mutex<(next: Int, pending: [Int: CheckedContinuation<Data, any Error>], closed: Bool)>((1, [:], false))
}

/// A DevTools command failed; the message is Chromium's.
struct DevToolsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
